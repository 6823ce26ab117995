/**
 * Integration tier: `*.int.test.ts` (real PostgreSQL, Redis, Chromium, worker processes) and
 * `*.api.test.ts` (the HTTP API on a real database). The global setup builds the migrated template
 * database once per run; every test file clones it.
 */
const shared = require('./jest.shared.js');

/** @type {import('jest').Config} */
module.exports = {
  ...shared,
  displayName: 'integration',
  testMatch: ['**/*.int.test.ts', '**/*.api.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/jest.global-setup.ts',
};
