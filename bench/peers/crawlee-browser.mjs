import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Configuration, PuppeteerCrawler, log, puppeteerUtils } from 'crawlee';
import { requireFrom } from '../lib/paths.mjs';
import { BLOCKED_URL_PATTERNS, CHROMIUM_PATH, READ_PAGE, crawleeBrowserOptions, productChromium } from './browser-setup.mjs';

log.setLevel(log.LEVELS.ERROR);
const puppeteer = requireFrom('worker', 'puppeteer');

/**
 * Crawlee's PuppeteerCrawler with the product's Chromium binary, flags and viewport, fixed
 * concurrency, persistence off and fingerprint injection off (it is per-page work no other
 * contender does). Blocking on: Crawlee's own blockRequests (CDP Network.setBlockedURLs) with the
 * image/font/media patterns. Blocking off: the page is screenshotted, as the product does when it
 * loads images (its only reason to).
 */
export async function crawleeBrowserCrawl({ run, startUrls, concurrency, store, blockResources = true }) {
  const { args, viewport } = await productChromium();
  const shots = blockResources ? null : mkdtempSync(path.join(os.tmpdir(), 'vw-bench-shots-'));
  const config = new Configuration({ persistStorage: false, purgeOnStart: true, persistStateIntervalMillis: 3_600_000 });
  let pages = 0;
  const crawler = new PuppeteerCrawler(
    {
      ...crawleeBrowserOptions(concurrency),
      launchContext: {
        launcher: puppeteer,
        useChrome: false,
        // Screenshots of tabs sharing one window can wait for a frame that never comes (a background
        // tab is not painted): with screenshots, each page gets a context — a window — of its own.
        useIncognitoPages: !blockResources,
        launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args, defaultViewport: viewport },
      },
      browserPoolOptions: { useFingerprints: false },
      preNavigationHooks: [
        async ({ page }, gotoOptions) => {
          gotoOptions.waitUntil = 'load';
          if (blockResources) await puppeteerUtils.blockRequests(page, { urlPatterns: BLOCKED_URL_PATTERNS });
        },
      ],
      async requestHandler({ request, response, page, addRequests }) {
        const facts = await page.evaluate(READ_PAGE);
        if (shots) writeFileSync(path.join(shots, `${pages}.png`), await page.screenshot({ type: 'png' }));
        const origin = `${new URL(request.loadedUrl ?? request.url).origin}/`;
        await addRequests(facts.links.filter((link) => link.startsWith(origin)).map((url) => ({ url })));
        await store.insert(run, {
          url: request.url,
          status: response?.status() ?? null,
          title: facts.title,
          description: facts.description,
          links: facts.links.length,
        });
        pages++;
      },
    },
    config,
  );
  const startedAt = performance.timeOrigin + performance.now();
  const stats = await crawler.run(startUrls);
  const endedAt = performance.timeOrigin + performance.now();
  if (shots) rmSync(shots, { recursive: true, force: true });
  return { pages, failures: stats.requestsFailed, startedAt, endedAt };
}
