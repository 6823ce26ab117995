/** The unit tier alone (`npm run test:unit`): see `unit` in tiers.js. */
const { unit, runner } = require('./tiers.js');

/** @type {import('jest').Config} */
module.exports = { ...unit, ...runner };
