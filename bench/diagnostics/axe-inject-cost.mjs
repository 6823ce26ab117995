import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, requireFrom } from '../lib/paths.mjs';
import { median } from '../lib/stats.mjs';
import { BLOCKED_RESOURCE_TYPES, CHROMIUM_PATH, productChromium } from '../peers/browser-setup.mjs';
import { serveSiteMPages } from './site-m-pages.mjs';

const puppeteer = requireFrom('worker', 'puppeteer');

/**
 * What injecting axe-core into a page costs, in wall time from the worker's side (the DevTools protocol's
 * transport and Chromium's parse): axe.min.js as the package ships it, the product's AXE_SOURCE (its
 * compiled worker's), and the shipped file's length of ASCII inside a comment (the transport alone, next to
 * nothing to parse). Each is evaluated in a fresh document of one kept tab, as the product checks a page,
 * on B11's mostly server-rendered pages; medians of 10 after a first one.
 *
 *   node bench/diagnostics/axe-inject-cost.mjs   (after `npm run build:server`)
 */

const PAGES = 11;
const shipped = readFileSync(createRequire(path.join(ROOT, 'worker/package.json')).resolve('axe-core/axe.min.js'), 'utf8');
const { AXE_SOURCE } = requireFrom('worker', './dist/crawl-engine/fetchers/puppeteer/axe-sampler.js');
const SOURCES = {
  'axe.min.js as shipped': shipped,
  "the product's AXE_SOURCE": AXE_SOURCE,
  'as many ASCII characters in a comment': `/*${'a'.repeat(shipped.length)}*/ 0`,
};

const site = await serveSiteMPages(PAGES);
const base = site.base;
const { args, viewport } = await productChromium();
const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args, defaultViewport: viewport });
try {
  const context = await browser.createBrowserContext();
  const page = await context.newPage({ type: 'window', windowBounds: { windowState: 'minimized' } });
  await page.setRequestInterception(true);
  page.on('request', (request) =>
    BLOCKED_RESOURCE_TYPES.has(request.resourceType()) ? request.abort('blockedbyclient') : request.continue(),
  );
  for (const [name, source] of Object.entries(SOURCES)) {
    const times = [];
    for (let index = 1; index <= PAGES; index++) {
      await page.goto(`${base}/p/${index}`, { waitUntil: 'load' });
      const started = performance.now();
      await page.evaluate(source);
      times.push(performance.now() - started);
    }
    console.log(`${name}: ${median(times.slice(1)).toFixed(0)} ms an injection (first ${times[0].toFixed(0)} ms)`);
  }
} finally {
  await browser.close();
  site.close();
}
