import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const LINKS = 20_000;

/**
 * A page built to break what stores it: NUL characters in its title, description and text
 * (PostgreSQL refuses them in text and jsonb), a title and description of a megabyte, and 20 000
 * links, all disallowed by robots.txt (each a row to insert: too many bind parameters for one
 * statement). The crawl completes and stores what fits.
 */
describe.each(['http', 'puppeteer'] as const)('a hostile page, method %s', (method) => {
  let harness: WorkerHarness;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /p/\n');
      if (req.url !== '/') return res.writeHead(404).end();
      const links = Array.from({ length: LINKS }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Hello\u0000World ${'t'.repeat(1024 * 1024)}</title>` +
            `<meta name="description" content="About\u0000us ${'d'.repeat(1024 * 1024)}"></head>` +
            `<body>Text\u0000here ${links}</body></html>`,
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    harness = await startWorkerHarness();
    await harness.startWorker();
  });
  afterAll(async () => {
    await harness.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('crawls and completes, storing the page without NUL characters and within the bounds', async () => {
    const id = await harness.startCrawl({ method, targetUrl: `${origin}/`, settings: { maxRetries: 0 } });
    const job = await harness.waitForStatus(id, ['completed', 'failed']);
    expect(job).toMatchObject({ status: 'completed', error: null });
    const [page] = await harness.pages(id);
    expect(page).toMatchObject({ statusCode: 200, error: null });
    // Chromium's parser turns a NUL into U+FFFD, as HTML says; the http method's parser leaves it, and it is dropped.
    expect(page!.title).toMatch(/^Hello\uFFFD?World t+$/);
    expect(page!.title!.length).toBeLessThanOrEqual(1000);
    expect(page!.description).toMatch(/^About\uFFFD?us d+$/);
    expect(page!.description!.length).toBeLessThanOrEqual(5000);
    expect(JSON.stringify(page)).not.toContain('\\u0000');
    // Links per page are bounded; the ones robots.txt keeps out are recorded as skipped.
    expect(page!.linksCount).toBe(5000);
    const skipped = (await harness.frontier(id)).filter((row) => row.state === 'skipped');
    expect(skipped).toHaveLength(5000);
  }, 180_000);
});
