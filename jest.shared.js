/**
 * What every server-side jest tier shares (unit, integration, e2e).
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
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/backend/src', '<rootDir>/worker/src', '<rootDir>/packages', '<rootDir>/test-support'],
  // ES-module-only dependencies (normalize-url; otplib's @scure and @noble) are compiled to CommonJS like our sources.
  transform: { '^.+\\.ts$': swc, '^.+/node_modules/(normalize-url|@scure|@noble)/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(normalize-url|@scure|@noble)/)'],
  moduleNameMapper: {
    '^@vendorwatch/db/testing$': '<rootDir>/packages/db/src/testing',
    '^@vendorwatch/(contracts|compliance|db|runtime)$': '<rootDir>/packages/$1/src',
  },
  testTimeout: 60_000,
  maxWorkers: 2,
};
