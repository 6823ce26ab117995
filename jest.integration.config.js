/** The integration tier alone (`npm run test:integration`): see `integration` in jest.shared.js. */
const { integration, runner } = require('./jest.shared.js');

/** @type {import('jest').Config} */
/**
 * Four files at a time on two cores: these suites spend about half their time waiting (on crawl
 * delays, worker processes, timers), so the files beyond two use what the others leave idle. At three,
 * a fresh-clone CI run used 1.1 of its 2 cores on average and the tier took 724 s.
 */
module.exports = { ...integration, ...runner, maxWorkers: 4 };
