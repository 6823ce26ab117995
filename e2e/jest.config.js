/** End-to-end tests: real Chromium (playwright-core) against the built frontend served by the real backend. */
const { project } = require('../test-support/jest/tiers.js');

/** @type {import('jest').Config} */
module.exports = {
  ...project,
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/test-support/jest/global-setup.ts',
  testTimeout: 120_000,
  // Two files at a time: an end-to-end file waits on its browser, polls and crawl delays far more than it
  // computes (one at a time, the tier used under a fifth of a core on two cores).
  maxWorkers: 2,
};
