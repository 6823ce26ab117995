import { requireFrom } from '../lib/paths.mjs';
import { treeCpuSeconds } from '../lib/proc.mjs';
import { CHROMIUM_PATH, productChromium } from '../peers/browser-setup.mjs';
import { serveSiteMPages } from './site-m-pages.mjs';

const puppeteer = requireFrom('worker', 'puppeteer');
const { readLibraryGlobals } = requireFrom('worker', './dist/crawl-engine/fetchers/puppeteer/library-globals.js');

/**
 * What reading a rendered page's library globals costs, in CPU (Chromium's process tree and this process)
 * and wall time a page: PAGES pages of B11's mostly server-rendered site loaded in one tab, three passes in
 * turn in one browser — loaded only; loaded and read as the product reads them (readLibraryGlobals, from the
 * compiled worker); loaded and the window's own properties listed by the inspector, which is what the read
 * began with before it gathered the globals it wants in the page. Each pass's cost less the load-only pass's
 * is the read's. `rounds` passes of each (default 3).
 *
 *   node bench/diagnostics/library-read-cost.mjs [rounds]   (after `npm run build:server`)
 */

const PAGES = 40;
const rounds = Number(process.argv[2] ?? 3);

const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const site = await serveSiteMPages(PAGES);
const { args, viewport } = await productChromium();
const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args, defaultViewport: viewport });

const passes = {
  'load only': async () => undefined,
  'product read': (page) => readLibraryGlobals(page),
  'window listing': async (page, session) => {
    const { result } = await session.send('Runtime.evaluate', { expression: 'this', objectGroup: 'cost' });
    await session.send('Runtime.getProperties', { objectId: result.objectId, ownProperties: true, generatePreview: false });
    await session.send('Runtime.releaseObjectGroup', { objectGroup: 'cost' });
  },
};

try {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const session = await page.createCDPSession();
  for (const read of Object.values(passes)) {
    await page.goto(`${site.base}/p/1`, { waitUntil: 'load' });
    await read(page, session); // warm-up
  }
  const totals = Object.fromEntries(Object.keys(passes).map((name) => [name, { chromium: 0, node: 0, wall: 0 }]));
  for (let round = 0; round < rounds; round++)
    for (const [name, read] of Object.entries(passes)) {
      const chromium = treeCpuSeconds(browser.process().pid);
      const node = ownCpu();
      const started = performance.now();
      for (let index = 1; index <= PAGES; index++) {
        await page.goto(`${site.base}/p/${index}`, { waitUntil: 'load' });
        await read(page, session);
      }
      totals[name].wall += performance.now() - started;
      totals[name].chromium += (treeCpuSeconds(browser.process().pid) - chromium) * 1000;
      totals[name].node += (ownCpu() - node) * 1000;
    }
  const pages = PAGES * rounds;
  const base = totals['load only'];
  for (const [name, total] of Object.entries(totals)) {
    const extra = (key) => ((total[key] - base[key]) / pages).toFixed(1);
    console.log(
      name === 'load only'
        ? `load only: ${(total.wall / pages).toFixed(1)} ms a page, Chromium CPU ${(total.chromium / pages).toFixed(1)} ms, this process ${(total.node / pages).toFixed(1)} ms`
        : `${name}: +${extra('wall')} ms a page, Chromium CPU +${extra('chromium')} ms, this process +${extra('node')} ms`,
    );
  }
  console.log(`(${pages} pages a pass, ${rounds} rounds of ${PAGES} pages of site m)`);
} finally {
  await browser.close();
  site.close();
}
