/** End-to-end tests: real Chromium (playwright-core) against the built frontend served by the real backend. */
const base = require('../jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
