import { treePss } from '../lib/memory.mjs';
import { alternate } from '../lib/rounds.mjs';
import { median, ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { peerCrawl, productCrawl, startPeer, withoutLogs } from './contenders.mjs';

const LEVELS = [1, 5, 10, 20];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (sample) =>
  `${sample.mb.toFixed(0)} MB (${Object.entries(sample.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, mb]) => `${kind} ${mb.toFixed(0)}`)
    .join(', ')})`;

/** Least-squares slope of y over x: MB per additional open page. */
function slope(xs, ys) {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return num / den;
}

/**
 * One level: the site holds every page's last script, so pages stay open (parsed, laid out, their
 * load event pending) until `level` of them are open at once — or their number stops growing for
 * 5 s once some are — then the PSS of the tree under `pid` is read once and the pages are let go. Reading PSS
 * (smaps_rollup) costs Chromium-sized processes milliseconds each, so it is read at that one moment
 * rather than sampled throughout.
 */
async function atLevel(site, pid, level, crawl) {
  await site.hold();
  const running = crawl();
  let open = 0;
  let changedAt = Date.now();
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      const now = await site.held();
      if (now !== open) changedAt = Date.now();
      open = now;
      if (open >= level || (open > 0 && Date.now() - changedAt > 5000) || Date.now() > deadline) break;
      await sleep(100);
    }
    await sleep(300); // the last page to arrive finishes its layout
    return { open, ...treePss(pid) };
  } finally {
    await site.release();
    await running;
  }
}

const DRIFT_SAMPLE_MS = 500;

/**
 * Drift: a fresh worker crawls `pages` pages (`vendors` crawls at once, puppeteer method) while PSS
 * is sampled every half second, each sample tagged with the pages stored so far. Drift compares the
 * mean of the samples taken at 70–90 % of the pages with those at 10–30 %, while every crawl still
 * runs (the same number of pages open): a crawl's tab makes a saw-tooth between replacements, and
 * a handful of single readings would land on different points of it.
 */
async function measureDrift(ctx, world, { pages, vendors, prefix, firstHost }) {
  const worker = await world.startWorker({ WORKER_CONCURRENCY: String(vendors), CRAWL_MIN_DELAY_MS: '0' });
  const urls = Array.from({ length: vendors }, (_, i) => ctx.site.url(firstHost + i, prefix));
  const owner = await world.createOwner(urls);
  const ids = await world.insertCrawls({
    ...owner,
    startUrls: urls,
    method: 'puppeteer',
    maxPages: pages / vendors,
    crawlDelay: 0,
  });
  await world.enqueue(ids);
  const done = world.waitForCrawls(ids, { timeoutMs: 3_600_000, intervalMs: 1000 });
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const started = performance.now();
  const samples = [];
  let nextMark = 0.1;
  while (!finished) {
    const { pages: stored } = await world.storedPages(ids);
    samples.push({ pages: stored, ...treePss(worker.pid) });
    if (stored >= nextMark * pages) {
      ctx.log(`B6: drift at ${stored} pages: ${samples.at(-1).mb.toFixed(0)} MB`);
      nextMark += 0.1;
    }
    await sleep(DRIFT_SAMPLE_MS);
  }
  await done;
  await world.stopChild(worker);
  const between = (low, high) => samples.filter((s) => s.pages >= low * pages && s.pages <= high * pages);
  const early = between(0.1, 0.3);
  const late = between(0.7, 0.9);
  // A smoke run's few pages may pass a window between two samples: it only checks that the row runs.
  const enough = ctx.smoke ? 0 : 3;
  if (early.length < enough || late.length < enough) throw new Error('the drift crawl ended before enough samples were taken');
  const mean = (list) => list.reduce((sum, s) => sum + s.mb, 0) / list.length;
  const meanByKind = (list) => {
    const kinds = {};
    for (const s of list) for (const [kind, mb] of Object.entries(s.byKind)) kinds[kind] = (kinds[kind] ?? 0) + mb / list.length;
    return { mb: mean(list), byKind: kinds };
  };
  return {
    early: meanByKind(early),
    late: meanByKind(late),
    drift: (mean(late) - mean(early)) / mean(early),
    samples: { early: early.length, late: late.length, all: samples },
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * B6 — memory: PSS (shared pages split between their users) of our worker process and its Chromium
 * tree with 1, 5, 10 and 20 pages open at once (that many crawls of one page each, puppeteer method,
 * blocking on), against Crawlee's PuppeteerCrawler process tree at the same concurrency. MB per page
 * is the slope of PSS over the pages really open. Then drift over `driftPages` pages in a fresh worker.
 */
export default {
  id: 'B6',
  async run(ctx) {
    const driftPages = ctx.size({ full: 5000, quick: 400, smoke: 20 });
    const levels = ctx.size({ full: LEVELS, quick: LEVELS, smoke: LEVELS.slice(0, 2) });
    const driftVendors = 5;
    const prefix = await ctx.site.prepare({ kind: 'h', size: 1 });
    const driftPrefix = await ctx.site.prepare({ kind: 's', size: driftPages / driftVendors });
    const world = await createWorld({ logFile: ctx.logFile('b6-product') });
    try {
      const worker = await world.startWorker(
        { WORKER_CONCURRENCY: '20', CRAWL_MIN_DELAY_MS: '0' },
        { execArgv: ctx.profileArgs('b6-worker') },
      );
      const urls = Array.from({ length: 20 }, (_, i) => ctx.site.url(i, prefix));
      const owner = await world.createOwner(urls);
      const crawlee = await startPeer('crawlee-browser', { databaseUrl: world.database.url, logFile: ctx.logFile('b6-crawlee') });

      // The warm-up round launches Chromium and warms the code: two levels are enough for that.
      const levelsOf = (pid, crawlAt) => async (round) => {
        const details = [];
        for (const level of round < ctx.warmup ? levels.slice(0, 2) : levels) {
          const started = performance.now();
          const reading = await atLevel(ctx.site, pid, level, crawlAt(level));
          details.push({ level, ms: performance.now() - started, ...reading });
        }
        const value = slope(
          details.map((d) => d.open),
          details.map((d) => d.mb),
        );
        return { value, details };
      };
      const ours = levelsOf(worker.pid, (level) =>
        productCrawl({
          world,
          site: ctx.site,
          owner: { ...owner, vendorIds: owner.vendorIds.slice(0, level) },
          startUrls: urls.slice(0, level),
          method: 'puppeteer',
          maxPages: 1,
        }),
      );
      const peer = levelsOf(crawlee.pid, (level) =>
        peerCrawl({ peer: crawlee, site: ctx.site, options: { startUrls: urls.slice(0, level), concurrency: level } }),
      );
      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B6: ${m} MB per open page`),
        contenders: [
          { name: 'ours', run: ours },
          { name: 'crawlee', run: peer },
        ],
      });
      await crawlee.stop();
      await world.stopChild(worker);

      ctx.log(`B6: drift over ${driftPages} pages`);
      const drift = await measureDrift(ctx, world, {
        pages: driftPages,
        vendors: driftVendors,
        prefix: driftPrefix,
        firstHost: 20,
      });

      const measured = (name) => results[name].rounds.filter((r) => !r.warmup);
      const at20 = (name) => measured(name).map((r) => r.details.at(-1).mb);
      const open20 = (name) => median(measured(name).map((r) => r.details.at(-1).open));
      const perPage = summarize(results.ours.values);
      const ratio = ratios(results.ours.values, results.crawlee.values);
      return {
        lines: [
          {
            row: 'B6',
            case: 'PSS of the process + its Chromium with 20 pages open at once',
            unit: 'MB',
            ours: summarize(at20('ours')),
            peer: { name: 'Crawlee', summary: summarize(at20('crawlee')) },
            ratio: { label: 'ours÷Crawlee', summary: ratios(at20('ours'), at20('crawlee')) },
            target: '–',
            met: null,
            note: `pages open when read (median): ours ${open20('ours')}, Crawlee ${open20('crawlee')}`,
          },
          {
            row: 'B6',
            case: `MB per open page (slope of PSS over ${LEVELS.join('/')} pages open at once)`,
            unit: 'MB',
            ours: perPage,
            peer: { name: 'Crawlee', summary: summarize(results.crawlee.values) },
            ratio: { label: 'ours÷Crawlee', summary: ratio },
            target: '≤ 1.0',
            met: ratio.median <= 1.0,
          },
          {
            row: 'B6',
            case: `drift over ${driftPages} pages (${driftVendors} crawls at once): PSS at 70–90 % vs at 10–30 % of the pages`,
            unit: '%',
            ours: summarize([drift.drift * 100]),
            target: '< 10 %',
            met: drift.drift < 0.1,
            note: `one run of ${Math.round(drift.seconds)} s, means of ${drift.samples.early} and ${drift.samples.late} samples: at 10–30 % ${describe(drift.early)}; at 70–90 % ${describe(drift.late)}`,
          },
        ],
        raw: { ...withoutLogs(results), drift },
      };
    } finally {
      await world.close();
    }
  },
};
