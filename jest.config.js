/**
 * Both server-side tiers, so `jest <path>` runs any test file with the setup its tier needs.
 * `npm run test:unit` and `npm run test:integration` run one tier each (see README, Test it); the
 * tiers and their runner configs are in test-support/jest.
 */
const { unit, integration, runner } = require('./test-support/jest/tiers.js');

/** @type {import('jest').Config} */
module.exports = { projects: [unit, integration], ...runner };
