import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAST_CRAWL, pathsOf, startWorkerHarness, type WorkerHarness } from '../../../testing/worker-harness';

/** Handlebars 4.0.5, known only by its global (its version computed at run time, as a bundle does). */
const HANDLEBARS = `window.Handlebars = { compile: function () { return function () { return ''; }; }, VERSION: [4, 0, 5].join('.') };`;

/**
 * Pages that turn on the library detector. `/stalling` rewrites `Promise.race` so that a detector in the
 * page's world never reaches its deadline, `Object.getOwnPropertyDescriptor` (with which the worker gathers
 * the globals it reads) so that it never returns, and has globals whose reading would not end (proxies whose
 * traps loop) or would change the page (a getter that counts its callers). `/forging` ends the race at once,
 * has `Array.prototype.slice` hand back a vulnerable jQuery that is not there, and
 * `Object.getOwnPropertyDescriptor` describe one for every name it is asked (noting each: a side effect). Both also carry a
 * real Handlebars global, which must still be found.
 */
const STALLING = `
  Promise.race = function () { return new Promise(function () {}); };
  Object.getOwnPropertyDescriptor = function () { for (;;) {} };
  Object.defineProperty(window, 'moment', { get: function () { window.readBy = (window.readBy || 0) + 1; return { version: '2.0.0' }; } });
  window.Backbone = new Proxy({}, { get: function () { for (;;) {} }, ownKeys: function () { for (;;) {} } });
  window._ = { VERSION: new Proxy({}, { get: function () { for (;;) {} } }) };
  ${HANDLEBARS}`;
const FORGING = `
  Promise.race = function () { return Promise.resolve(); };
  var asked = [];
  Object.getOwnPropertyDescriptor = function (o, key) { asked.push(key); return { value: { fn: { jquery: '1.4.2' } } }; };
  var slice = Array.prototype.slice;
  Array.prototype.slice = function () {
    var out = slice.apply(this, arguments);
    if (this.length > 0 && this[0] && typeof this[0] === 'object' && 'npm' in this[0]) out.push({ name: 'jQuery', version: '1.4.2', npm: 'jquery' });
    return out;
  };
  ${HANDLEBARS}`;

/** A page that keeps its thread busy for 4 s once loaded, as a heavy app can (or a page on a loaded worker). */
const BUSY = `
  addEventListener('load', function () { setTimeout(function () { var end = Date.now() + 4000; while (Date.now() < end) {} }, 0); });
  ${HANDLEBARS}`;

function startSite(): Promise<{ url: string; server: Server }> {
  const page = (title: string, script: string, body = '') =>
    `<!doctype html><html lang="en"><head><title>${title}</title><script>${script}</script></head><body>${body}</body></html>`;
  const pages: Record<string, string> = {
    '/': page(
      'Home',
      HANDLEBARS,
      '<a href="/stalling">Stalling</a> <a href="/forging">Forging</a> <a href="/busy">Busy</a> <a href="/after">After</a>',
    ),
    '/busy': page('Busy', BUSY, '<a href="/after">After</a>'),
    '/stalling': page('Stalling', STALLING, '<a href="/after">After</a>'),
    '/forging': page('Forging', FORGING, '<a href="/after">After</a>'),
    '/after': page('After', '', '<p>Nothing here.</p>'),
  };
  const server = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    if (html) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server })),
  );
}

/**
 * Issue 37, row 10: the browser method's library detector runs in an isolated world over the page's
 * globals read as data, with a deadline on our side; a page that rewrites `Promise.race` and the other
 * built-ins the detector would use neither stalls the crawl nor forges a finding.
 */
describe('the library detector on a page that turns on it', () => {
  let harness: WorkerHarness;
  let site: { url: string; server: Server };

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startSite();
  });
  afterAll(async () => {
    await harness.close();
    site.server.close();
  });

  it('neither stalls the crawl nor reports what the page forged; the library its globals really show is found', async () => {
    const { userId, vendorId } = await harness.createUser();
    const id = await harness.startCrawl({
      method: 'puppeteer',
      targetUrl: `${site.url}/`,
      settings: FAST_CRAWL,
      userId,
      vendorId,
    });
    // Sooner than the protocol's 180 s, for which a stalled detector held the page (generous for a loaded machine).
    expect((await harness.waitForStatus(id, ['completed', 'failed'], 150_000)).status).toBe('completed');
    const pages = await harness.pages(id);
    expect(pathsOf(pages)).toEqual(['/', '/after', '/busy', '/forging', '/stalling']);
    const librariesOf = (path: string) => pages.find((page) => new URL(page.url).pathname === path)!.browser!.libraries;

    expect(librariesOf('/')).toEqual([{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }]);
    // Nothing from the globals whose reading would not end or would change the page; no forged jQuery 1.4.2.
    expect(librariesOf('/stalling')).toEqual([{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }]);
    expect(librariesOf('/forging')).toEqual([{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }]);
    // A page that is slow to answer is waited for: its library is not lost (a 3 s limit lost it).
    expect(librariesOf('/busy')).toEqual([{ name: 'Handlebars', version: '4.0.5', npm: 'handlebars' }]);
    expect(librariesOf('/after')).toEqual([]);
  }, 240_000);
});
