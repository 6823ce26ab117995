/**
 * Server-side tests (backend, worker, shared libraries) against real PostgreSQL, Redis and Chromium.
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

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/backend/src', '<rootDir>/worker/src', '<rootDir>/packages', '<rootDir>/test-support'],
  testMatch: ['**/*.test.ts'],
  // ES-module-only dependencies (normalize-url; otplib's @scure and @noble) are compiled to CommonJS like our sources.
  transform: { '^.+\\.ts$': swc, '^.+/node_modules/(normalize-url|@scure|@noble)/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(normalize-url|@scure|@noble)/)'],
  moduleNameMapper: {
    '^@vendorwatch/db/testing$': '<rootDir>/packages/db/src/testing',
    '^@vendorwatch/(contracts|compliance|db|runtime)$': '<rootDir>/packages/$1/src',
  },
  globalSetup: '<rootDir>/jest.global-setup.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
