import { DEFAULT_CRAWL_RUN_SETTINGS } from '@vendorwatch/contracts';
import { AddressGuard, createGuardedAgent } from '@vendorwatch/runtime';
import http from 'node:http';
import { listenOnLoopback, type LoopbackServer } from '../../../../../test-support';
import { RetryableFetchError } from '../../primitives/errors';
import { HttpClient } from '../http/http-client';
import { HttpFetcher } from '../http/http-fetcher';
import { BrowserPool } from './browser-pool';
import { PuppeteerFetcher } from './puppeteer-fetcher';

const settings = { ...DEFAULT_CRAWL_RUN_SETTINGS, simulateHumanBehavior: false, waitTime: 0, takeScreenshots: false };
const TEXT = `<p>${'Our policy, word by word. '.repeat(2_000)}</p>`;
const WHOLE = `<!doctype html><html><head><title>Policy</title></head><body><main><h1>Policy</h1>${TEXT}</main></body></html>`;

/**
 * Pages whose answer the server cuts off after a part of the body — a connection reset under load,
 * a proxy that gives up — with chunked encoding or a Content-Length it never reaches; and one it
 * sends whole.
 */
function cuttingSite() {
  return http.createServer((request, response) => {
    const part = WHOLE.slice(0, 20_000);
    const cut = () => setTimeout(() => request.socket.destroy(), 50);
    if (request.url === '/chunked') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(part);
      return cut();
    }
    if (request.url === '/length') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(WHOLE) });
      response.write(part);
      return cut();
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(WHOLE);
  });
}

/**
 * A page whose answer was cut off is a failed fetch, to be tried again, by either method: the browser
 * renders the part it got as if it were the page, and storing it would record a policy page with half
 * its text and links, and a "change" on the next crawl.
 */
describe('the browser method on an answer cut off mid-body', () => {
  let site: LoopbackServer;
  let base: string;
  let pool: BrowserPool;
  let browser: PuppeteerFetcher;
  let httpFetcher: HttpFetcher;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    site = await listenOnLoopback(cuttingSite());
    base = `http://127.0.0.1:${site.port}`;
    const guard = new AddressGuard(true);
    pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard });
    browser = new PuppeteerFetcher(pool, guard, settings);
    httpFetcher = new HttpFetcher(new HttpClient(createGuardedAgent(guard)));
  });
  afterAll(async () => {
    await browser.close();
    await httpFetcher.close();
    await pool.close();
    await site.close();
  });

  it.each(['/chunked', '/length'])(
    'fails %s for a retry, as the http method does, and reads the whole page after',
    async (path) => {
      await expect(httpFetcher.fetch(`${base}${path}`, signal)).rejects.toBeInstanceOf(RetryableFetchError);
      const cutOff = browser.fetch(`${base}${path}`, signal);
      await expect(cutOff).rejects.toBeInstanceOf(RetryableFetchError);
      await expect(cutOff).rejects.toThrow(/cut off.*ERR_(INCOMPLETE_CHUNKED_ENCODING|CONTENT_LENGTH_MISMATCH)/);
      // The tab is still good for the crawl's next page.
      const whole = await browser.fetch(`${base}/whole`, signal);
      expect(whole.statusCode).toBe(200);
      expect(whole.document?.mainText.length).toBeGreaterThan(40_000);
    },
  );
});
