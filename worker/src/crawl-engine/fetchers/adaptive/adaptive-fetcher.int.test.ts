import { DEFAULT_CRAWL_RUN_SETTINGS } from '@vendorwatch/contracts';
import { AddressGuard, createGuardedAgent } from '@vendorwatch/runtime';
import http from 'node:http';
import { listenOnLoopback } from '../../../../../test-support';
import type { InTurn } from '../fetcher';
import { HttpClient } from '../http/http-client';
import { HttpFetcher } from '../http/http-fetcher';
import { BrowserPool } from '../puppeteer/browser-pool';
import { PuppeteerFetcher } from '../puppeteer/puppeteer-fetcher';
import { AdaptiveFetcher, KEEP_TAB_FOR_PAGES } from './adaptive-fetcher';
import { BrowserTabSlots } from './browser-tab-slots';

const settings = { ...DEFAULT_CRAWL_RUN_SETTINGS, simulateHumanBehavior: false, waitTime: 0, takeScreenshots: false };
/** How long the site holds each page Chromium asks for, so that renders which may overlap do. */
const HOLD_MS = 2_000;

/**
 * A site that counts the page loads Chromium has in flight (HTTP's own requests name VendorwatchBot),
 * holding each for HOLD_MS — or until more than `bound` are in flight, which the test is to catch.
 */
async function renderCountingSite(bound: number) {
  let inFlight = 0;
  let peak = 0;
  const held = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const send = () => {
      response.writeHead(200, { 'content-type': 'text/html' });
      // /list/… pages are of a second template: another shape of markup.
      const body = request.url?.startsWith('/list/') ? `<ul><li>${request.url}</li></ul>` : `<main><p>${request.url}</p></main>`;
      response.end(`<!doctype html><html><head><title>Page</title></head><body>${body}</body></html>`);
    };
    if (!request.url?.startsWith('/page/') || !/Chrome/.test(request.headers['user-agent'] ?? '')) return send();
    peak = Math.max(peak, ++inFlight);
    const release = () => {
      clearTimeout(timer);
      held.delete(release);
      inFlight--;
      send();
    };
    const timer = setTimeout(release, HOLD_MS);
    held.add(release);
    if (inFlight > bound) for (const each of [...held]) each();
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, peak: () => peak, close };
}

describe('the adaptive method’s renders', () => {
  it('never has more pages rendering at once than its slots, however many crawls want one', async () => {
    const slots = 2;
    const crawls = 5;
    const site = await renderCountingSite(slots);
    const guard = new AddressGuard(true);
    const agent = createGuardedAgent(guard);
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard });
    const renders = new BrowserTabSlots(slots);
    const signal = new AbortController().signal;
    const inTurn: InTurn = (_url, _signal, work) => work({ beforeRedirect: () => Promise.resolve('follow') });
    const fetchers = Array.from(
      { length: crawls },
      () =>
        new AdaptiveFetcher(
          new HttpFetcher(new HttpClient(agent), { template: true }),
          new PuppeteerFetcher(pool, guard, settings),
          renders,
        ),
    );
    try {
      // Each crawl's first page of its template is opened in the browser: all of them want a render at once.
      const pages = await Promise.all(fetchers.map((fetcher, i) => fetcher.fetch(`${site.url}/page/${i}`, signal)));
      await Promise.all(fetchers.map((fetcher, i) => fetcher.readSubresources(pages[i], inTurn, signal)));

      expect(pages.map((page) => page.document?.facts.readBy?.via)).toEqual(Array(crawls).fill('browser'));
      expect(site.peak()).toBe(slots);
      // The first crawls to finish a reading keep their tab for their next one, as many as the slots allow.
      expect(renders.inUse).toBe(renders.maxKept);
      await Promise.all(fetchers.map((fetcher) => fetcher.close()));
      expect(renders.inUse).toBe(0);
    } finally {
      await Promise.all(fetchers.map((fetcher) => fetcher.close()));
      await pool.close();
      await agent.close();
      await site.close();
    }
  });

  it('keeps a crawl’s tab between its readings while the process allows one, and gives it back when the crawl stops rendering for as many pages as between two rechecks', async () => {
    const site = await renderCountingSite(1);
    const guard = new AddressGuard(true);
    const agent = createGuardedAgent(guard);
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard });
    const contexts: string[] = [];
    const openSession = pool.openSession.bind(pool);
    pool.openSession = (options) => {
      contexts.push('opened');
      return openSession(options);
    };
    const renders = new BrowserTabSlots(1);
    const signal = new AbortController().signal;
    const inTurn: InTurn = (_url, _signal, work) => work({ beforeRedirect: () => Promise.resolve('follow') });
    const crawl = () =>
      new AdaptiveFetcher(
        new HttpFetcher(new HttpClient(agent), { template: true }),
        new PuppeteerFetcher(pool, guard, settings),
        renders,
      );
    const read = async (fetcher: AdaptiveFetcher, path: string) => {
      const page = await fetcher.fetch(`${site.url}${path}`, signal);
      await fetcher.readSubresources(page, inTurn, signal);
      return page.document?.facts.readBy?.via;
    };
    const first = crawl();
    const second = crawl();
    try {
      // A template's first two pages are read in the browser: one context for both.
      expect([await read(first, '/page/1'), await read(first, '/page/2')]).toEqual(['browser', 'browser']);
      expect(contexts).toHaveLength(1);
      expect(renders.inUse).toBe(1);
      // The process's one allowance is taken: another crawl opens and closes a context for each reading.
      expect([await read(second, '/page/1'), await read(second, '/page/2')]).toEqual(['browser', 'browser']);
      expect(contexts).toHaveLength(3);
      expect(renders.inUse).toBe(1);
      // A second template: its first two pages are read in the browser too, in the tab the crawl kept.
      expect([await read(first, '/list/1'), await read(first, '/list/2')]).toEqual(['browser', 'browser']);
      expect(contexts).toHaveLength(3);
      // Then pages of both templates, read over HTTP only until a template's tenth page is rechecked: the
      // crawl keeps its tab as long as fewer pages than that come between two readings, and closes it
      // once KEEP_TAB_FOR_PAGES have, its allowance free again.
      const httpOnly: string[] = [];
      for (let i = 3; renders.inUse > 0 && i <= 9; i++)
        for (const path of [`/page/${i}`, `/list/${i}`]) {
          expect(await read(first, path)).toBe('http');
          httpOnly.push(path);
          expect(renders.inUse).toBe(httpOnly.length < KEEP_TAB_FOR_PAGES ? 1 : 0);
        }
      expect(httpOnly).toHaveLength(KEEP_TAB_FOR_PAGES);
      // The template's tenth page is rechecked in a context opened again.
      expect([await read(first, '/page/8'), await read(first, '/page/9'), await read(first, '/page/10')]).toEqual([
        'http',
        'http',
        'browser',
      ]);
      expect(contexts).toHaveLength(4);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await pool.close();
      await agent.close();
      await site.close();
    }
  });
});
