/** The integration tier alone (`npm run test:integration`): see `integration` in jest.shared.js. */
const { integration, runner } = require('./jest.shared.js');

/** @type {import('jest').Config} */
/**
 * Three files at a time on two cores: these suites spend about half their time waiting (on crawl
 * delays, worker processes, timers), so a third file uses what the other two leave idle.
 */
module.exports = { ...integration, ...runner, maxWorkers: 3 };
