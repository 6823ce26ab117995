import { AfterCrawl, type AfterCrawlDeps, type AfterCrawlLog } from './after-crawl';

/** A log that keeps its lines. */
function lines(): AfterCrawlLog & { messages: string[] } {
  const messages: string[] = [];
  return { messages, error: (message) => void messages.push(message) };
}

const unavailable = (what: string) => () => Promise.reject(new Error(`${what} unavailable`));

/** Every step fails but the comparison; the catch-up finds one crawl to compare (and alert on). */
function afterCrawl(appLog: AfterCrawlLog): AfterCrawl {
  const deps = {
    posture: { gatherForCrawl: unavailable('DNS') },
    assessor: { assess: unavailable('assessment pool'), catchUp: () => Promise.resolve(0) },
    comparator: { compare: () => Promise.resolve(null), catchUp: () => Promise.resolve(['c2']) },
    alerts: { evaluate: unavailable('database') },
    postureFacts: { failedCrawlsWithoutFacts: () => Promise.resolve([]) },
    log: appLog,
  };
  return new AfterCrawl(deps as unknown as AfterCrawlDeps);
}

describe("AfterCrawl's lines", () => {
  const signal = new AbortController().signal;

  it("go to the job's log when a job runs the steps (so they carry its id)", async () => {
    const app = lines();
    const job = lines();
    const after = afterCrawl(app);
    await after.readPosture('c1', signal, { log: job });
    await after.ended('c1', 'completed', signal, { postureRead: true, log: job });
    await after.ended('c1', 'failed', signal, { log: job });
    expect(job.messages).toEqual([
      'Crawl c1: reading the domain and TLS facts failed: DNS unavailable',
      'Crawl c1: assessment failed: assessment pool unavailable',
      'Crawl c1: reading the domain and TLS facts failed: DNS unavailable',
      'Crawl c1: assessment failed: assessment pool unavailable',
      'Crawl c1: alerts failed: database unavailable',
    ]);
    expect(app.messages).toEqual([]);
  });

  it("go to the app's log otherwise (the reconciler and its catch-up)", async () => {
    const app = lines();
    const after = afterCrawl(app);
    await after.ended('c1', 'failed', signal, { postureRead: true });
    await after.catchUp(3600_000, signal);
    expect(app.messages).toEqual([
      'Crawl c1: assessment failed: assessment pool unavailable',
      'Crawl c1: alerts failed: database unavailable',
      'Crawl c2: alerts failed: database unavailable',
    ]);
  });
});
