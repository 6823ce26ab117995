/**
 * Unit tier: every server-side `*.test.ts` that is neither `*.int.test.ts` nor `*.api.test.ts`.
 * These need no PostgreSQL, Redis or Chromium (local HTTP servers they start themselves are fine);
 * `test-tiers.test.ts` fails if one imports the database, Redis or app test helpers.
 */
const shared = require('./jest.shared.js');

/** @type {import('jest').Config} */
module.exports = {
  ...shared,
  displayName: 'unit',
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.int\\.test\\.ts$', '\\.api\\.test\\.ts$'],
};
