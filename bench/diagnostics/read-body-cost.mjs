import { requireFrom } from '../lib/paths.mjs';
import { renderPage } from '../site/generator.mjs';

const { readBody } = requireFrom('worker', './dist/crawl-engine/page-reading/page-body.js');

/**
 * What reading one page body costs on a page-reader thread (readBody from the compiled worker: hash,
 * decode, parse, facts, main text and its hash), without the crawl around it: PAGES pages of the
 * bench's plain site, read `passes` times after three warm-up passes, CPU and wall time a page. With
 * --apostrophes every " our " of the pages becomes " our’s ", so their text holds a character that
 * needs two bytes, as many real pages' does (the generated pages' only one is in their title).
 *
 *   node bench/diagnostics/read-body-cost.mjs [passes] [--apostrophes]   (after `npm run build:server`)
 */

const PAGES = 300;
const passes = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10);
const apostrophes = process.argv.includes('--apostrophes');

const pages = Array.from({ length: PAGES }, (_, i) => {
  const html = renderPage('s', PAGES + 1, i + 1, `/s${PAGES + 1}`);
  return apostrophes ? Buffer.from(html.toString().replaceAll(' our ', ' our’s ')) : html;
});
const readAll = () => {
  for (const [i, bytes] of pages.entries())
    readBody({ bytes, truncated: false, contentType: 'text/html', pageUrl: `http://127.0.0.2/p/${i + 1}`, ignoreSelectors: [] });
};

for (let warmUp = 0; warmUp < 3; warmUp++) readAll();
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let pass = 0; pass < passes; pass++) readAll();
const cpu = process.cpuUsage(cpuBefore);
const reads = passes * PAGES;
const bytes = pages.reduce((sum, page) => sum + page.length, 0) / PAGES;
console.log(
  `readBody${apostrophes ? ' (apostrophes)' : ''}: ${((cpu.user + cpu.system) / 1000 / reads).toFixed(3)} ms of CPU a page, ` +
    `${((performance.now() - wallBefore) / reads).toFixed(3)} ms wall; ${PAGES} pages of ${Math.round(bytes / 1024)} KB on average, ${passes} passes`,
);
