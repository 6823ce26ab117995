import { requireFrom } from '../lib/paths.mjs';
import { treeCpuSeconds } from '../lib/proc.mjs';
import { BLOCKED_RESOURCE_TYPES, CHROMIUM_PATH, productChromium } from '../peers/browser-setup.mjs';
import { serveSiteMPages } from './site-m-pages.mjs';

const puppeteer = requireFrom('worker', 'puppeteer');

/**
 * What one browser reading costs Chromium, in CPU (the browser's process tree, the renderers that
 * exited included through their parents' reaped-children times) and in wall time: 20 pages of B11's mostly
 * server-rendered site, read one after the other as the product reads them — a minimised window in a
 * browser context of its own, images, fonts and media blocked by request interception — either in one
 * tab kept for all of them (`kept`) or in a new context and tab each (`fresh`, an adaptive crawl without
 * a kept tab). The flags are the product's (its compiled worker's list), or those with `--without`'s
 * comma-separated features taken out of --disable-features, to see what a feature costs.
 *
 *   node bench/diagnostics/render-cost.mjs [kept|fresh] [--without BackForwardCache,RenderDocument]   (after `npm run build:server`)
 */

const args = process.argv.slice(2);
const mode = args.find((arg) => arg === 'kept' || arg === 'fresh') ?? 'kept';
const without = args.includes('--without') ? args[args.indexOf('--without') + 1].split(',') : [];
const PAGES = 20;

const site = await serveSiteMPages(PAGES);
const base = site.base;

const { args: flags, viewport } = await productChromium();
const launchArgs = flags.map((flag) =>
  flag.startsWith('--disable-features=')
    ? `--disable-features=${flag
        .slice('--disable-features='.length)
        .split(',')
        .filter((feature) => !without.includes(feature))
        .join(',')}`
    : flag,
);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: launchArgs,
  defaultViewport: viewport,
});

async function openTab() {
  const context = await browser.createBrowserContext();
  const page = await context.newPage({ type: 'window', windowBounds: { windowState: 'minimized' } });
  await page.setRequestInterception(true);
  page.on('request', (request) =>
    BLOCKED_RESOURCE_TYPES.has(request.resourceType()) ? request.abort('blockedbyclient') : request.continue(),
  );
  return { context, page };
}

async function read(tab, index) {
  await tab.page.goto(`${base}/p/${index}`, { waitUntil: 'load' });
  await tab.page.content();
  await tab.context.cookies();
}

try {
  // A first reading warms Chromium up (its zygote, the first renderer) before anything is counted.
  const warm = await openTab();
  await read(warm, 1);
  await warm.context.close();
  const kept = mode === 'kept' ? await openTab() : null;
  const cpuBefore = treeCpuSeconds(browser.process().pid);
  const started = performance.now();
  for (let index = 1; index <= PAGES; index++) {
    const tab = kept ?? (await openTab());
    await read(tab, index);
    if (!kept) await tab.context.close();
  }
  const wall = performance.now() - started;
  // Renderers of closed contexts are reaped (and counted in their parent) a moment after the close.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const cpu = treeCpuSeconds(browser.process().pid) - cpuBefore;
  console.log(
    `${mode}${without.length ? ` without ${without.join(',')}` : ''}: ${(wall / PAGES).toFixed(0)} ms a reading, ` +
      `Chromium CPU ${((cpu * 1000) / PAGES).toFixed(0)} ms a reading (${PAGES} pages of site m)`,
  );
} finally {
  await browser.close();
  site.close();
}
