/**
 * Both server-side tiers, so `jest <path>` runs any test file with the setup its tier needs.
 * `npm run test:unit` and `npm run test:integration` run one tier each (see README, Tests).
 */
/** @type {import('jest').Config} */
module.exports = {
  projects: ['<rootDir>/jest.unit.config.js', '<rootDir>/jest.integration.config.js'],
  maxWorkers: 2,
};
