/** The unit tier alone (`npm run test:unit`): see `unit` in jest.shared.js. */
const { unit, runner } = require('./jest.shared.js');

/** @type {import('jest').Config} */
module.exports = { ...unit, ...runner };
