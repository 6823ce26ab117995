import { samplePss } from '../lib/memory.mjs';
import { alternate } from '../lib/rounds.mjs';
import { median, ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { peerCrawl, productCrawl, startPeer, withoutLogs } from './contenders.mjs';

const LEVELS = [1, 5, 10, 20];
/** Pages answer this late, so a crawler really has `level` pages open at once (Crawlee creates its pages one at a time). */
const LATENCY_MS = { quick: 1000, full: 1500 };

const describe = (sample) =>
  `${sample.mb.toFixed(0)} MB (${Object.entries(sample.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, mb]) => `${kind} ${mb.toFixed(0)}`)
    .join(', ')})`;

/** Least-squares slope of y over x: MB per additional concurrent page. */
function slope(xs, ys) {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return num / den;
}

/** Runs `crawl` while sampling the PSS of the process tree under `pid`; the peak is the figure. */
async function peakDuring(pid, crawl) {
  const stop = samplePss(pid, 100);
  const result = await crawl();
  const samples = stop();
  const peak = samples.reduce((best, sample) => (sample.mb > best.mb ? sample : best));
  return { ...result, peakMb: peak.mb, processes: peak.processes, byKind: peak.byKind };
}

/**
 * Drift: a fresh worker crawls `pages` pages (`vendors` crawls at once, puppeteer method); PSS is
 * read when 10 % and when 90 % of the pages are stored — both mid-crawl, with the same number of
 * pages open — and compared.
 */
async function measureDrift(ctx, world, { pages, vendors, prefix, firstHost }) {
  const worker = await world.startWorker({ WORKER_CONCURRENCY: String(vendors), CRAWL_MIN_DELAY_MS: '0' });
  const urls = Array.from({ length: vendors }, (_, i) => ctx.site.url(firstHost + i, prefix));
  const owner = await world.createOwner(urls);
  const stop = samplePss(worker.pid, 1000);
  const ids = await world.insertCrawls({
    ...owner,
    startUrls: urls,
    method: 'puppeteer',
    maxPages: pages / vendors,
    crawlDelay: 0,
  });
  const progress = [];
  const poll = setInterval(() => {
    const t = performance.now();
    world.storedPages(ids).then(
      ({ pages: stored }) => progress.push({ t, pages: stored }),
      () => undefined,
    );
  }, 1000);
  try {
    await world.enqueue(ids);
    await world.waitForCrawls(ids, { timeoutMs: 3_600_000, intervalMs: 1000 });
  } finally {
    clearInterval(poll);
  }
  const samples = stop();
  await world.stopChild(worker);
  const at = (fraction) => {
    const mark = progress.find((p) => p.pages >= fraction * pages) ?? progress.at(-1);
    return samples.reduce((best, s) => (Math.abs(s.t - mark.t) < Math.abs(best.t - mark.t) ? s : best));
  };
  const early = at(0.1);
  const late = at(0.9);
  return { early, late, drift: (late.mb - early.mb) / early.mb, samples, progress };
}

/**
 * B6 — memory. PSS (shared pages split between their users) of our worker process and its
 * Chromium tree, peak while 1, 5, 10 and 20 pages load at once (that many crawls of the plain site
 * whose pages answer in 1.5 s (quick: 1 s), puppeteer method, blocking on), against Crawlee's PuppeteerCrawler
 * process tree asked for the same concurrency. Crawlee opens pages one at a time, so it may not
 * reach the level: MB per page is the slope of peak PSS over the pages the site was really
 * serving at once. Then drift over `driftPages` pages in a fresh worker.
 */
export default {
  id: 'B6',
  async run(ctx) {
    const pages = ctx.quick ? 1 : 2;
    const driftPages = ctx.quick ? 150 : 5000;
    const driftVendors = 5;
    const latencyMs = ctx.quick ? LATENCY_MS.quick : LATENCY_MS.full;
    const prefix = await ctx.site.prepare({ kind: 's', size: pages, latencyMs });
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

      const levelsOf = (run) => async () => {
        const details = [];
        for (const level of LEVELS) {
          const started = performance.now();
          const result = await run(level);
          details.push({
            level,
            ms: performance.now() - started,
            windowMs: result.seconds * 1000,
            inFlight: result.maxPagesInFlight,
            peakMb: result.peakMb,
            processes: result.processes,
            byKind: result.byKind,
          });
        }
        const value = slope(
          details.map((d) => d.inFlight),
          details.map((d) => d.peakMb),
        );
        return { value, peaks: details.map((d) => d.peakMb), details };
      };
      const ours = levelsOf((level) =>
        peakDuring(
          worker.pid,
          productCrawl({
            world,
            site: ctx.site,
            owner: { userId: owner.userId, vendorIds: owner.vendorIds.slice(0, level) },
            startUrls: urls.slice(0, level),
            method: 'puppeteer',
            maxPages: pages,
          }),
        ),
      );
      const peer = levelsOf((level) =>
        peakDuring(
          crawlee.pid,
          peerCrawl({ peer: crawlee, site: ctx.site, options: { startUrls: urls.slice(0, level), concurrency: level } }),
        ),
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
      const at20 = (name) => measured(name).map((r) => r.peaks.at(-1));
      const inFlight20 = (name) => median(measured(name).map((r) => r.details.at(-1).inFlight));
      const perPage = summarize(results.ours.values);
      const ratio = ratios(results.ours.values, results.crawlee.values);
      return {
        lines: [
          {
            row: 'B6',
            case: 'PSS of the process + its Chromium, peak when asked for 20 pages at once',
            unit: 'MB',
            ours: summarize(at20('ours')),
            peer: { name: 'Crawlee', summary: summarize(at20('crawlee')) },
            ratio: { label: 'ours÷Crawlee', summary: ratios(at20('ours'), at20('crawlee')) },
            target: '–',
            met: null,
            note: `pages the site was serving at once at level 20 (median): ours ${inFlight20('ours')}, Crawlee ${inFlight20('crawlee')}`,
          },
          {
            row: 'B6',
            case: `MB per open page (slope of peak PSS over pages open at once; asked for ${LEVELS.join('/')})`,
            unit: 'MB',
            ours: perPage,
            peer: { name: 'Crawlee', summary: summarize(results.crawlee.values) },
            ratio: { label: 'ours÷Crawlee', summary: ratio },
            target: '≤ 1.0',
            met: ratio.median <= 1.0,
          },
          {
            row: 'B6',
            case: `drift over ${driftPages} pages (${driftVendors} crawls at once): PSS at 90 % vs at 10 % of the pages`,
            unit: '%',
            ours: summarize([drift.drift * 100]),
            target: '< 10 %',
            met: drift.drift < 0.1,
            note: `one run: ${describe(drift.early)} at 10 %, ${describe(drift.late)} at 90 %`,
          },
        ],
        raw: { ...withoutLogs(results), drift },
      };
    } finally {
      await world.close();
    }
  },
};
