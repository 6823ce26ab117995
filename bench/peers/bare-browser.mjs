import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireFrom } from '../lib/paths.mjs';
import { BLOCKED_URL_PATTERNS, CHROMIUM_PATH, READ_PAGE, productChromium } from './browser-setup.mjs';

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
  const seen = new Set(startUrls);
  const frontier = [...startUrls];
  let active = 0;
  let pages = 0;
  let failures = 0;
  let waiting = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  async function loop() {
    // A background tab's screenshot can wait for a frame that never comes: screenshots get a window each.
    const context = shots ? await browser.createBrowserContext() : browser.defaultBrowserContext();
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setBlockedURLs', { urls: blockResources ? BLOCKED_URL_PATTERNS : [] });
    try {
      for (;;) {
        const url = frontier.shift();
        if (url === undefined) {
          if (active === 0) return wake();
          await new Promise((resolve) => waiting.push(resolve));
          continue;
        }
        active++;
        try {
          const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
          const facts = await page.evaluate(READ_PAGE);
          if (shots) writeFileSync(path.join(shots, `${pages}.png`), await page.screenshot({ type: 'png' }));
          const origin = `${new URL(url).origin}/`;
          for (const link of facts.links) {
            if (link.startsWith(origin) && !seen.has(link)) {
              seen.add(link);
              frontier.push(link);
            }
          }
          await store.insert(run, {
            url,
            status: response?.status() ?? null,
            title: facts.title,
            description: facts.description,
            links: facts.links.length,
          });
          pages++;
        } catch {
          failures++;
        } finally {
          active--;
          wake();
        }
      }
    } finally {
      await cdp.detach().catch(() => undefined);
      await (shots ? context.close() : page.close()).catch(() => undefined);
    }
  }

  const startedAt = performance.timeOrigin + performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const endedAt = performance.timeOrigin + performance.now();
  if (shots) rmSync(shots, { recursive: true, force: true });
  return { pages, failures, startedAt, endedAt };
}

export async function closeBrowser() {
  await browser?.close().catch(() => undefined);
  browser = null;
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}
