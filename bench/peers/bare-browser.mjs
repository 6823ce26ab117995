import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireFrom } from '../lib/paths.mjs';
import { BLOCKED_URL_PATTERNS, CHROMIUM_PATH, READ_PAGE, productChromium } from './browser-setup.mjs';
import { crawlFrontier } from './frontier-loop.mjs';

const puppeteer = requireFrom('worker', 'puppeteer');
let browser = null;
let profileDir = null;

/**
 * The ceiling of a browser crawl: raw puppeteer, one Chromium kept for the life of the process
 * (as the product's pool keeps its own), `concurrency` pages opened once and reused from URL to URL
 * over one in-memory frontier; blocking through CDP Network.setBlockedURLs; one evaluate per page
 * for the facts. The cheapest arrangement Chromium offers: blocking on, tabs of one window (the
 * background ones are not painted) with no isolation between them; with screenshots, a context —
 * a window, painted — per loop, as a screenshot needs.
 */
export async function bareBrowserCrawl({ run, startUrls, concurrency, store, blockResources = true }) {
  const { args, viewport } = await productChromium();
  if (!browser) {
    profileDir = mkdtempSync(path.join(os.tmpdir(), 'vw-bench-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args,
      defaultViewport: viewport,
      userDataDir: profileDir,
    });
  }
  const shots = blockResources ? null : mkdtempSync(path.join(os.tmpdir(), 'vw-bench-shots-'));
  let shotCount = 0;
  const openLoop = async () => {
    // A background tab's screenshot can wait for a frame that never comes: screenshots get a window each.
    const context = shots ? await browser.createBrowserContext() : browser.defaultBrowserContext();
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: blockResources ? BLOCKED_URL_PATTERNS : [] });
    return {
      async visit(url) {
        const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
        const facts = await page.evaluate(READ_PAGE);
        if (shots) writeFileSync(path.join(shots, `${shotCount++}.png`), await page.screenshot({ type: 'png' }));
        return { status: response?.status() ?? null, facts };
      },
      async close() {
        await cdp.detach().catch(() => undefined);
        await (shots ? context.close() : page.close()).catch(() => undefined);
      },
    };
  };
  try {
    return await crawlFrontier({ run, startUrls, concurrency, store, openLoop });
  } finally {
    if (shots) rmSync(shots, { recursive: true, force: true });
  }
}

export async function closeBrowser() {
  await browser?.close().catch(() => undefined);
  browser = null;
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}
