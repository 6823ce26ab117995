/** End-to-end tests: real Chromium (playwright-core) against the built frontend served by the real backend. */
const { project } = require('../jest.shared.js');

/** @type {import('jest').Config} */
module.exports = {
  ...project,
  rootDir: '..',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/jest.global-setup.ts',
  testTimeout: 120_000,
  maxWorkers: 2,
};
