import os from 'node:os';
import { RENDERS_PER_CORE, workerMaxBrowserPages, workerMaxConcurrentRenders } from './worker-autoscaler.service';

const cores = os.availableParallelism();
const defaults = {
  WORKER_MAX_CONCURRENT_RENDERS: undefined,
  WORKER_MAX_BROWSER_PAGES: undefined,
  DATABASE_URL: 'postgres://localhost/vendorwatch',
  WORKER_PROCESSES: undefined,
};

describe('how many pages a worker process renders at once for adaptive crawls', () => {
  it('is bounded by its share of the cores, not by the Chromium pages its memory allows', () => {
    // One process per core (the worker command's default): RENDERS_PER_CORE each, however much memory there is.
    expect(workerMaxConcurrentRenders(defaults)).toBe(RENDERS_PER_CORE);
    expect(workerMaxConcurrentRenders({ ...defaults, WORKER_MAX_BROWSER_PAGES: 48 })).toBe(RENDERS_PER_CORE);
    expect(workerMaxBrowserPages(defaults)).toBeGreaterThanOrEqual(2);
    // One process for the whole machine (the embedded database): the whole machine's share.
    expect(workerMaxConcurrentRenders({ ...defaults, DATABASE_URL: undefined, WORKER_MAX_BROWSER_PAGES: 1_000 })).toBe(
      RENDERS_PER_CORE * cores,
    );
  });

  it('never more than the Chromium pages it may hold, and an operator’s setting wins', () => {
    expect(workerMaxConcurrentRenders({ ...defaults, WORKER_PROCESSES: 1, WORKER_MAX_BROWSER_PAGES: 1 })).toBe(1);
    expect(workerMaxConcurrentRenders({ ...defaults, WORKER_MAX_CONCURRENT_RENDERS: 7 })).toBe(7);
  });
});
