import type { INestApplicationContext } from '@nestjs/common';
import type { CrawlJob, Vendor } from '@vendorwatch/contracts';
import { startFixtureSite, waitFor, type FixtureSite } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample of the Prometheus text format: `name{a="x",b="y"} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) total += Number(match[3]);
  }
  return total;
}

/** /metrics scraped as Prometheus would, while a real worker crawls a local site. */
describe('metrics', () => {
  let t: TestApp;
  let site: FixtureSite;
  let worker: INestApplicationContext;
  let alice: TestUser;
  let vendor: Vendor;

  const scrape = async () => {
    const response = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const crawl = async (method: 'http' | 'puppeteer') => {
    const response = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method } });
    expect(response.status).toBe(201);
    return (await response.json()) as CrawlJob;
  };
  const ended = (id: string) =>
    waitFor(
      async () => {
        const job = (await (await alice.api(`/api/crawls/${id}`)).json()) as CrawlJob;
        return ['completed', 'failed', 'cancelled'].includes(job.status) && job;
      },
      { timeoutMs: 120_000, intervalMs: 200, what: `crawl ${id} to end` },
    );

  beforeAll(async () => {
    site = await startFixtureSite({ slowMs: 200 });
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    vendor = await addVendor(alice, site, { maxPages: 6, crawlDelay: 500, excludePatterns: ['/drafts/**'] });
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  it('answers only to the metrics token', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    // A user's sign-in is no metrics token.
    expect((await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${alice.accessToken}` } })).status).toBe(401);
    const text = await scrape();
    expect(text).toContain('# TYPE vendorwatch_http_request_duration_seconds histogram');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('counts pages by method and status, finished crawls, queue jobs and request latency by route after a crawl', async () => {
    const before = await scrape();
    const job = await crawl('http');
    expect(await ended(job.id)).toMatchObject({ status: 'completed', pagesDone: 6 });

    // Workers flush their counters to Redis every second: the scrape shows them soon after. The row is
    // completed (and counted) before BullMQ moves the job to its completed set, so wait for both.
    const after = await waitFor(
      async () => {
        const text = await scrape();
        return (
          sample(text, 'vendorwatch_crawls_finished_total', { status: 'completed' }) >
            sample(before, 'vendorwatch_crawls_finished_total', { status: 'completed' }) &&
          sample(text, 'vendorwatch_queue_jobs', { queue: 'crawl', state: 'completed' }) >= 1 &&
          text
        );
      },
      { timeoutMs: 20_000, what: 'the finished crawl to be counted, and its job to be completed in the queue' },
    );
    const pages = (text: string) => sample(text, 'vendorwatch_pages_crawled_total', { method: 'http' });
    expect(pages(after) - pages(before)).toBeGreaterThanOrEqual(6);
    expect(sample(after, 'vendorwatch_pages_crawled_total', { method: 'http', status_class: '2xx' })).toBeGreaterThanOrEqual(5);
    expect(sample(after, 'vendorwatch_queue_jobs', { queue: 'crawl', state: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'vendorwatch_queue_jobs', { queue: 'crawl', state: 'waiting' })).toBe(0);
    expect(sample(after, 'vendorwatch_workers')).toBe(1);
    // Latency by the route's pattern, never the raw URL with its id.
    expect(
      sample(after, 'vendorwatch_http_request_duration_seconds_count', { route: '/api/crawls/:id', method: 'GET' }),
    ).toBeGreaterThan(0);
    expect(after).not.toContain(job.id);
  });

  it('reports the browser pages a puppeteer crawl holds while it runs', async () => {
    const saved = await alice.api(`/api/vendors/${vendor.id}/crawler-settings`, {
      method: 'PUT',
      json: { maxPages: 6, crawlDelay: 1000, startUrls: [`${site.url}/`], excludePatterns: ['/drafts/**'] },
    });
    expect(saved.status).toBe(200);
    const job = await crawl('puppeteer');
    // Heartbeats carry the figure every 5 s.
    await waitFor(async () => sample(await scrape(), 'vendorwatch_browser_pages_in_use') >= 1, {
      timeoutMs: 60_000,
      intervalMs: 500,
      what: 'a browser page in use',
    });
    expect(await ended(job.id)).toMatchObject({ status: 'completed' });
    await waitFor(async () => sample(await scrape(), 'vendorwatch_browser_pages_in_use') === 0, {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'the page to be given back',
    });
    // One fetch at least per stored page (a redirect's target is stored once, fetched within one page load).
    const stored = ((await (await alice.api(`/api/crawls/${job.id}/results?limit=100`)).json()) as { total: number }).total;
    expect(stored).toBeGreaterThan(0);
    // Workers write their counters to Redis once a second: the last page's count may follow the crawl's end.
    await waitFor(async () => sample(await scrape(), 'vendorwatch_pages_crawled_total', { method: 'puppeteer' }) >= stored, {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: `every stored page (${stored}) to be counted`,
    });
  });

  it('is off without METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      expect((await fetch(`${plain.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
