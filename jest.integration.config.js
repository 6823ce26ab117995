/** The integration tier alone (`npm run test:integration`): see `integration` in jest.shared.js. */
const { integration, runner } = require('./jest.shared.js');

/** @type {import('jest').Config} */
module.exports = { ...integration, ...runner };
