import { alternate } from '../lib/rounds.mjs';
import { treePss } from '../lib/memory.mjs';
import { requireFrom } from '../lib/paths.mjs';
import { summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { crawlWindow, politeness, startSite } from '../site/site.mjs';
import { withoutLogs } from './contenders.mjs';

const { readWorkerHeartbeats } = requireFrom('worker', '@vendorwatch/runtime');
const { Redis } = requireFrom('packages/runtime', 'ioredis');
const { sql } = requireFrom('packages/db', 'drizzle-orm');

const DELAY_MS = 500;
const VENDORS = 300;
const PAGES = 100;
/**
 * The browser case: a fifth of the vendors, extrapolated to the night. Its crawls are as long as the
 * night's, so its pages are the night's mix: axe-core runs on each crawl's first 10 pages, the
 * costliest a browser page gets (at 30 pages a crawl a third of them had it, against a tenth).
 */
const BROWSER_VENDORS = 60;
const BROWSER_PAGES = 100;
/** Targets from issue #19. */
const HTTP_TARGET_S = 90;
const BROWSER_TARGET_MIN = 40;
const MEDIAN_GAP_TARGET_MS = 600;

/**
 * B8 — the 300-vendor night on one machine, as a user would run it: 300 vendors × 100 pages on
 * their own hosts (127.0.0.x and 127.0.1.x), crawl delay 500 ms, every crawl enqueued at once, the
 * worker command with its default settings (one crawling process per core, the autoscaler choosing
 * how many crawls run, nothing tuned by hand), http method. Per round: makespan ÷ the politeness
 * floor ((pages − 1) × delay), pages/s, every page stored, the gaps between requests to one host
 * (the closest and the median), the peak PSS of the worker's process tree, and how many crawls ran
 * at once (the workers' heartbeats). Then the browser method on 60 vendors × 100 pages, once,
 * extrapolated to the night at the pages/s it reached: a browser crawl is bound by CPU, not by
 * politeness, so more vendors at once do not make it faster — the night takes the longer of its
 * pages ÷ that rate and its politeness floor.
 */
export default {
  id: 'B8',
  async run(ctx) {
    const pages = ctx.size({ full: PAGES, quick: 10, smoke: 3 });
    const warmupPages = Math.min(pages, 10);
    const browserPages = ctx.size({ full: BROWSER_PAGES, quick: 10, smoke: 3 });
    const vendorCount = ctx.size({ full: VENDORS, quick: VENDORS, smoke: 6 });
    const browserVendors = ctx.size({ full: BROWSER_VENDORS, quick: BROWSER_VENDORS, smoke: 2 });
    const site = await startSite({ hosts: vendorCount, logFile: ctx.logFile('b8-site') });
    const world = await createWorld({ logFile: ctx.logFile('b8-product') });
    const redis = new Redis(world.config.REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const prefixes = {};
      for (const size of new Set([pages, warmupPages, browserPages])) prefixes[size] = await site.prepare({ kind: 's', size });
      const startUrls = (size, vendors = vendorCount) => Array.from({ length: vendors }, (_, i) => site.url(i, prefixes[size]));
      const owner = await world.createOwner(startUrls(pages));

      /** One night: every crawl enqueued at once; what the site saw, what was stored, and what the workers did meanwhile. */
      const night = async ({ worker, method, vendors, size }) => {
        await site.reset();
        const urls = startUrls(size, vendors);
        const ids = await world.insertCrawls({
          ...owner,
          vendorIds: owner.vendorIds.slice(0, vendors),
          startUrls: urls,
          method,
          maxPages: size,
          crawlDelay: DELAY_MS,
        });
        // Reading the PSS of Chromium's processes costs milliseconds each: the browser night is sampled less often.
        const sampler = sampleWorkers(worker, redis, world.prefix, method === 'puppeteer' ? 5000 : 1000);
        const started = performance.timeOrigin + performance.now();
        let endedAt;
        try {
          await world.enqueue(ids);
          ({ endedAt } = await world.waitForCrawls(ids, { timeoutMs: 3_600_000, intervalMs: 200 }));
        } finally {
          sampler.stop();
        }
        ctx.log(`B8: ${method} night, crawls running/desired per process: ${sampler.figures().timeline.join('; ')}`);
        const log = await site.log();
        const stored = await world.storedPages(ids);
        // The next round starts from tables of the same size.
        await world.db.execute(
          sql`delete from crawl_jobs where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        const makespanMs = endedAt - started;
        const floorMs = (size - 1) * DELAY_MS;
        const gaps = politeness(log, DELAY_MS);
        // Each night's figures as it ends: a long run's later nights need not finish for these to be read.
        ctx.log(
          `B8: ${method} night of ${vendors} × ${size}: ${(makespanMs / 1000).toFixed(1)} s, ${stored.pages} of ${vendors * size} pages stored; ` +
            `per-host gaps closest ${gaps.minGapMs.toFixed(0)} ms, median ${gaps.medianGapMs.toFixed(0)} ms, under ${DELAY_MS} ms: ${gaps.violations}`,
        );
        return {
          value: makespanMs / floorMs,
          makespanMs,
          floorMs,
          pagesPerSecond: crawlWindow(log, endedAt).pagesPerSecond,
          storedPages: stored.pages,
          okPages: stored.ok,
          expectedPages: vendors * size,
          ...gaps,
          ...sampler.figures(),
        };
      };

      // http: the worker command with the product's defaults (only the benchmark's database, queue and data dir set).
      const worker = await world.startWorkerCommand({}, { execArgv: ctx.profileArgs('b8-worker') });
      const http = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B8: ${m} (makespan ÷ floor)`),
        contenders: [
          {
            name: 'ours',
            run: (round) =>
              night({ worker, method: 'http', vendors: vendorCount, size: round < ctx.warmup ? warmupPages : pages }),
          },
        ],
      });
      await world.stopChild(worker);

      // Browser: a fresh worker command (its own Chromium per process), one measured night of the subset.
      const browserWorker = await world.startWorkerCommand({}, { execArgv: ctx.profileArgs('b8-browser-worker') });
      const browser = await night({ worker: browserWorker, method: 'puppeteer', vendors: browserVendors, size: browserPages });
      await world.stopChild(browserWorker);
      ctx.log(`B8: browser ${browserVendors} × ${browserPages}: ${browser.pagesPerSecond.toFixed(1)} pages/s`);

      return { lines: lines(ctx, http.ours, browser, pages, browserPages), raw: { http: withoutLogs(http), browser } };
    } finally {
      redis.disconnect();
      await world.close();
      await site.stop();
    }
  },
};

/**
 * Samples the worker command while a night runs, every `intervalMs`: PSS of its process tree
 * (Chromium included), and the crawls running per worker process from their heartbeats.
 */
function sampleWorkers(worker, redis, prefix, intervalMs) {
  let peakMb = 0;
  let peakRunning = 0;
  let peakDesired = 0;
  let processes = 0;
  let busy = false;
  const startedAt = Date.now();
  /** What the autoscalers did, every 5 s (a heartbeat's period): running/desired per process and what was overloaded. */
  const timeline = [];
  let lastTimelineAt = -Infinity;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      peakMb = Math.max(peakMb, treePss(worker.pid).mb);
      const beats = await readWorkerHeartbeats(redis, { QUEUE_PREFIX: prefix });
      processes = Math.max(processes, beats.length);
      peakRunning = Math.max(
        peakRunning,
        beats.reduce((sum, beat) => sum + (beat.concurrency?.running ?? beat.activeJobs), 0),
      );
      peakDesired = Math.max(
        peakDesired,
        beats.reduce((sum, beat) => sum + (beat.concurrency?.desired ?? 0), 0),
      );
      if (Date.now() - lastTimelineAt >= 5000) {
        lastTimelineAt = Date.now();
        const perProcess = beats.map(({ concurrency: c, activeJobs }) =>
          c ? `${c.running}/${c.desired}${c.overloaded.length ? `[${c.overloaded.join(',')}]` : ''}` : String(activeJobs),
        );
        timeline.push(`${Math.round((lastTimelineAt - startedAt) / 1000)}s ${perProcess.join(' ')}`);
      }
    } catch {
      // A sample missed (a process restarting) is not a failed round.
    } finally {
      busy = false;
    }
  }, intervalMs);
  return {
    stop: () => clearInterval(timer),
    figures: () => ({ peakMb, peakRunning, peakDesired, workerProcesses: processes, timeline }),
  };
}

function lines(ctx, ours, browser, pages, browserPages) {
  const measured = ours.rounds.filter((r) => !r.warmup);
  const pick = (key) => summarize(measured.map((r) => r[key]));
  const makespan = summarize(ours.values);
  const seconds = pick('makespanMs');
  const violations = measured.reduce((sum, r) => sum + r.violations, 0);
  const medianGap = pick('medianGapMs');
  const allStored = measured.every((r) => r.storedPages === r.expectedPages);
  const floorSeconds = ((pages - 1) * DELAY_MS) / 1000;
  const nightPages = VENDORS * pages;
  // The night by browser: its pages at the rate the subset reached, never under its politeness floor.
  const browserNightS = Math.max(nightPages / browser.pagesPerSecond, floorSeconds);
  const secondsOf = (summary) => ({
    ...summary,
    median: summary.median / 1000,
    min: summary.min / 1000,
    max: summary.max / 1000,
  });
  const full = !ctx.quick;
  return [
    {
      row: 'B8',
      case: `${VENDORS} vendors × ${pages} pages at once, delay ${DELAY_MS} ms, http, default settings: makespan ÷ floor (${floorSeconds.toFixed(1)} s)`,
      unit: '×',
      ours: makespan,
      target: full ? `≤ ${((HTTP_TARGET_S * 1000) / ((PAGES - 1) * DELAY_MS)).toFixed(2)} (${HTTP_TARGET_S} s)` : '–',
      met: full ? seconds.median <= HTTP_TARGET_S * 1000 : null,
      note: `makespan ${secondsOf(seconds).median.toFixed(1)} s (${(seconds.min / 1000).toFixed(1)}–${(seconds.max / 1000).toFixed(1)}); ${allStored ? `all ${nightPages} pages stored every round` : `stored ${measured.map((r) => r.storedPages).join('/')} of ${nightPages}`}`,
    },
    {
      row: 'B8',
      case: 'same, pages/s',
      unit: 'pages/s',
      ours: pick('pagesPerSecond'),
      target: '–',
      met: null,
    },
    {
      row: 'B8',
      case: 'same, median gap between requests to one host',
      unit: 'ms',
      ours: medianGap,
      target: `≤ ${MEDIAN_GAP_TARGET_MS} ms, none < ${DELAY_MS} ms`,
      met: medianGap.median <= MEDIAN_GAP_TARGET_MS && violations === 0,
      note: `closest ${pick('minGapMs').min.toFixed(0)} ms; gaps shorter than ${DELAY_MS} ms over all measured rounds: ${violations}`,
    },
    {
      row: 'B8',
      case: 'same, peak PSS of the worker command (all its processes)',
      unit: 'MB',
      ours: pick('peakMb'),
      target: '–',
      met: null,
      note: `crawls running at once (heartbeats, summed over ${Math.max(...measured.map((r) => r.workerProcesses))} processes): peak ${pick('peakRunning').median.toFixed(0)}, autoscaler's desired peak ${pick('peakDesired').median.toFixed(0)}`,
    },
    {
      row: 'B8',
      case: `browser, ${BROWSER_VENDORS} vendors × ${browserPages} pages (one night), extrapolated to ${VENDORS} × ${pages}`,
      unit: 'min',
      ours: summarize([browserNightS / 60]),
      target: full ? `≤ ${BROWSER_TARGET_MIN} min` : '–',
      met: full ? browserNightS / 60 <= BROWSER_TARGET_MIN : null,
      note: `${browser.pagesPerSecond.toFixed(1)} pages/s over ${browser.expectedPages} pages (makespan ${(browser.makespanMs / 1000).toFixed(0)} s, ${browser.storedPages} stored; floor ${(browser.floorMs / 1000).toFixed(1)} s); ${nightPages} pages at that rate, never under the ${floorSeconds.toFixed(1)} s floor; peak PSS ${browser.peakMb.toFixed(0)} MB, peak ${browser.peakRunning} crawls at once; closest gap ${browser.minGapMs.toFixed(0)} ms, ${browser.violations} under ${DELAY_MS} ms`,
    },
  ];
}
