/** The integration tier alone (`npm run test:integration`): see `integration` in tiers.js. */
const { integration, runner } = require('./tiers.js');

/**
 * Four files at a time on two cores: these suites spend about half their time waiting (on crawl
 * delays, worker processes, timers), so the files beyond two use what the others leave idle. At three,
 * a fresh-clone CI run used 1.1 of its 2 cores on average and the tier took 724 s.
 * With four files sharing two cores, a test or hook gets twice the default time: on a CI machine half
 * as fast as usual, the 60 s default stopped a 200 000-row seed and a whole crawl that were only slow.
 * @type {import('jest').Config}
 */
module.exports = { ...integration, ...runner, maxWorkers: 4, testTimeout: 120_000 };
