/**
 * Both server-side tiers, so `jest <path>` runs any test file with the setup its tier needs.
 * `npm run test:unit` and `npm run test:integration` run one tier each (see README, Test it).
 */
const { unit, integration, runner } = require('./jest.shared.js');

/** @type {import('jest').Config} */
module.exports = { projects: [unit, integration], ...runner };
