import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** With CRAWL_ALLOW_PRIVATE_NETWORKS=false, as in production. */
describe.each(['http', 'puppeteer'] as const)('SSRF guard, method %s', (method) => {
  let harness: WorkerHarness;
  let site: FixtureSite;

  beforeAll(async () => {
    harness = await startWorkerHarness({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'false' });
    await harness.startWorker();
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  it('refuses the cloud metadata address and records why', async () => {
    const id = await harness.startCrawl({ method, targetUrl: 'http://169.254.169.254/latest/meta-data/' });
    const job = await harness.waitForStatus(id, ['failed', 'completed']);
    const [page] = await harness.pages(id);
    // Stored under its canonical URL (the trailing slash twin is one page).
    expect(page).toMatchObject({ url: 'http://169.254.169.254/latest/meta-data', statusCode: null });
    expect(page!.error).toMatch(/Refused by the SSRF guard: 169\.254\.169\.254 is a cloud metadata address/);
    expect(job).toMatchObject({ status: 'failed', error: page!.error });
  });

  it('refuses a host name that resolves to loopback, before any request reaches it', async () => {
    const id = await harness.startCrawl({ method, targetUrl: site.hostUrl('localhost') + '/' });
    const job = await harness.waitForStatus(id, ['failed', 'completed']);
    const [page] = await harness.pages(id);
    expect(page!.error).toMatch(/Refused by the SSRF guard: localhost resolves to a loopback address/);
    expect(job.status).toBe('failed');
    expect(site.requests).toHaveLength(0);
  });

  it('refuses IPv4-mapped IPv6 and private literals', async () => {
    const id = await harness.startCrawl({ method, targetUrl: `http://[::ffff:127.0.0.1]:${site.port}/` });
    await harness.waitForStatus(id, ['failed', 'completed']);
    const [page] = await harness.pages(id);
    expect(page!.error).toMatch(/embeds 127\.0\.0\.1 is a loopback address/);
    expect(site.requests).toHaveLength(0);
  });
});
