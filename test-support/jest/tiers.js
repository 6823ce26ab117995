const path = require('node:path');

/**
 * What the server-side jest tiers share: `project` (per-project options, also used by e2e) and the tier
 * projects, and `runner` (options jest reads only from the configuration it was started with, never
 * from a project: the test timeout and the worker count).
 * SWC compiles TypeScript with decorator metadata, which Nest's injection needs.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** The repository's root: the tiers' paths below are read from it, not from this folder. */
const REPOSITORY_ROOT = path.resolve(__dirname, '../..');

const ESM_ONLY = 'normalize-url|@scure|@noble|openid-client|oauth4webapi|jose|oidc-provider';

/** @type {import('jest').Config} */
const project = {
  rootDir: REPOSITORY_ROOT,
  testEnvironment: 'node',
  roots: ['<rootDir>/backend/src', '<rootDir>/worker/src', '<rootDir>/packages', '<rootDir>/test-support'],
  // ES-module-only dependencies are compiled to CommonJS like our sources: normalize-url; otplib's @scure
  // and @noble; openid-client with oauth4webapi and jose; the tests' OpenID provider, oidc-provider.
  transform: { '^.+\\.ts$': swc, [`^.+/node_modules/(${ESM_ONLY})/.+\\.js$`]: swc },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY})/)`],
  moduleNameMapper: {
    '^@vendorwatch/db/testing$': '<rootDir>/packages/db/src/testing',
    '^@vendorwatch/(contracts|compliance|db|runtime)$': '<rootDir>/packages/$1/src',
  },
};

/**
 * Unit tier: every `*.test.ts` that is neither `*.int.test.ts` nor `*.api.test.ts`. These need no
 * PostgreSQL, Redis or Chromium (local HTTP servers they start themselves are fine);
 * `test-support/test-tiers.test.ts` fails if one imports the database, Redis or app test helpers.
 */
const unit = {
  ...project,
  displayName: 'unit',
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.int\\.test\\.ts$', '\\.api\\.test\\.ts$'],
};

/**
 * Integration tier: `*.int.test.ts` (real PostgreSQL, Redis, Chromium, worker processes) and
 * `*.api.test.ts` (the HTTP API on a real database). The global setup builds the migrated template
 * database once per run; every test file clones it.
 */
const integration = {
  ...project,
  displayName: 'integration',
  testMatch: ['**/*.int.test.ts', '**/*.api.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/test-support/jest/global-setup.ts',
};

const runner = { testTimeout: 60_000, maxWorkers: 2 };

module.exports = { project, unit, integration, runner };
