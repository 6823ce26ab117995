import { ActiveJobs } from '../../queue/active-jobs';
import { progressIntervalMs, ProgressReporter } from './progress';

describe('progress pacing', () => {
  it('reports once a second while few crawls run, and keeps a busy process near 10 writes a second', () => {
    expect(progressIntervalMs(1)).toBe(1000);
    expect(progressIntervalMs(10)).toBe(1000);
    expect(progressIntervalMs(30)).toBe(3000);
    // Never slower than the UI's 5-second poll.
    expect(progressIntervalMs(10_000)).toBe(4000);
  });

  it('writes no progress before its interval has passed since the last write', async () => {
    let interval = 60_000;
    const writes: number[] = [];
    const reporter = new ProgressReporter(
      'job-1',
      {
        counts: async () => ({ planned: 10, done: writes.length, redirected: 0, pending: 0, inProgress: 0 }),
        writeProgress: async () => {
          const counts = { planned: 10, done: writes.length, redirected: 0, pending: 0, inProgress: 0 };
          writes.push(counts.done);
          return counts;
        },
      },
      () => {},
      () => interval,
    );
    await reporter.report();
    await reporter.maybeReport();
    expect(writes).toEqual([0]);
    interval = 0;
    await reporter.maybeReport();
    expect(writes).toEqual([0, 1]);
  });

  it('counts the running crawls of a process by kind as jobs come and go', () => {
    const active = new ActiveJobs();
    active.add('crawl:1');
    active.add('crawl:2');
    active.add('crawl:2');
    active.add('testCrawl:3');
    expect([active.countOf('crawl'), active.countOf('testCrawl'), active.count]).toEqual([2, 1, 3]);
    active.delete('crawl:1');
    active.delete('crawl:1');
    expect([active.countOf('crawl'), active.count]).toEqual([1, 2]);
  });
});
