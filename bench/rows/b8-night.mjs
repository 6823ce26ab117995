import { alternate } from '../lib/rounds.mjs';
import { treePss } from '../lib/memory.mjs';
import { requireFrom } from '../lib/paths.mjs';
import { summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { crawlWindow, politeness, startSite } from '../site/site.mjs';
import { withoutLogs } from './contenders.mjs';

const { readWorkerHeartbeats } = requireFrom('worker', '@vendorwatch/runtime');
const { CRAWL_METHODS } = requireFrom('worker', '@vendorwatch/contracts');
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
const BROWSER_TARGET_MIN = 40;
const MEDIAN_GAP_TARGET_MS = 600;

/**
 * The nights, one row each: `vendors` and `pages` by run size, the method, the makespan target in a
 * full run (issue #19 for B8, #43 for B8L and B8A), and whether the row ends with B8's browser night.
 */
const NIGHTS = {
  B8: {
    vendors: { full: VENDORS, quick: VENDORS, smoke: 6 },
    pages: { full: PAGES, quick: 10, smoke: 3 },
    method: 'http',
    targetS: 90,
    medianGapTarget: true,
    browser: true,
  },
  /** The 1 000-vendor http night: how many crawls the defaults let one box run at once. */
  B8L: {
    vendors: { full: 1000, quick: 1000, smoke: 8 },
    pages: { full: PAGES, quick: 5, smoke: 2 },
    method: 'http',
    targetS: 240,
    medianGapTarget: false,
    browser: false,
  },
  /** The 300-vendor night by the adaptive method: http's night with a sample of each template rendered. */
  B8A: {
    vendors: { full: VENDORS, quick: 100, smoke: 4 },
    pages: { full: PAGES, quick: 10, smoke: 3 },
    method: 'adaptive',
    targetS: 600,
    medianGapTarget: false,
    browser: false,
  },
};

export default nightRow('B8');
/** B8L — the same night at 1 000 vendors (`--only B8L`): ≤ 4 minutes on two cores, every page stored, peak memory. */
export const large = nightRow('B8L');
/** B8A — the 300-vendor night by the adaptive method (`--only B8A`): ≤ 10 minutes on two cores, politeness kept. */
export const adaptive = nightRow('B8A');

function nightRow(id) {
  const variant = NIGHTS[id];
  return { id, run: (ctx) => runNights(ctx, id, variant) };
}

async function runNights(ctx, id, variant) {
  if (variant.method === 'adaptive' && !CRAWL_METHODS.includes(variant.method)) {
    ctx.log(`${id}: this build has no ${variant.method} method`);
    return {
      lines: [
        {
          row: id,
          case: `the ${variant.method} night`,
          ours: null,
          note: `this build has no ${variant.method} method`,
          met: null,
        },
      ],
      raw: {},
    };
  }
  const pages = ctx.size(variant.pages);
  const warmupPages = Math.min(pages, 10);
  const browserPages = ctx.size({ full: BROWSER_PAGES, quick: 10, smoke: 3 });
  const vendorCount = ctx.size(variant.vendors);
  const browserVendors = variant.browser ? ctx.size({ full: BROWSER_VENDORS, quick: BROWSER_VENDORS, smoke: 2 }) : 0;
  const name = id.toLowerCase();
  const site = await startSite({ hosts: vendorCount, logFile: ctx.logFile(`${name}-site`) });
  const world = await createWorld({ logFile: ctx.logFile(`${name}-product`) });
  const redis = new Redis(world.config.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const prefixes = {};
    for (const size of new Set([pages, warmupPages, ...(variant.browser ? [browserPages] : [])]))
      prefixes[size] = await site.prepare({ kind: 's', size });
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
      const sampler = sampleWorkers(worker, redis, world.prefix, method === 'http' ? 1000 : 5000);
      const started = performance.timeOrigin + performance.now();
      let endedAt;
      try {
        await world.enqueue(ids);
        ({ endedAt } = await world.waitForCrawls(ids, { timeoutMs: 3_600_000, intervalMs: 200 }));
      } finally {
        sampler.stop();
      }
      ctx.log(`${id}: ${method} night, crawls running/desired per process: ${sampler.figures().timeline.join('; ')}`);
      const log = await site.log();
      const stored = await world.storedPages(ids);
      const renderedPages = method === 'adaptive' ? await world.renderedPages(ids) : undefined;
      // The next round starts from tables of the same size, once this night's assessments are done
      // (they run after each crawl's row says completed: deleted earlier, they fail, or spill into the next night).
      await world.waitForAssessments(ids);
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
        `${id}: ${method} night of ${vendors} × ${size}: ${(makespanMs / 1000).toFixed(1)} s, ${stored.pages} of ${vendors * size} pages stored; ` +
          `per-host gaps closest ${gaps.minGapMs.toFixed(0)} ms, median ${gaps.medianGapMs.toFixed(0)} ms, under ${DELAY_MS} ms: ${gaps.violations}` +
          (gaps.tooClose.length ? ` (${gaps.tooClose.join('; ')})` : ''),
      );
      return {
        value: makespanMs / floorMs,
        makespanMs,
        floorMs,
        pagesPerSecond: crawlWindow(log, endedAt).pagesPerSecond,
        storedPages: stored.pages,
        renderedPages,
        okPages: stored.ok,
        expectedPages: vendors * size,
        ...gaps,
        ...sampler.figures(),
      };
    };

    // The night: the worker command with the product's defaults (only the benchmark's database, queue and data dir set).
    const worker = await world.startWorkerCommand({}, { execArgv: ctx.profileArgs(`${name}-worker`) });
    const nights = await alternate({
      warmup: ctx.warmup,
      rounds: ctx.rounds,
      log: (m) => ctx.log(`${id}: ${m} (makespan ÷ floor)`),
      contenders: [
        {
          name: 'ours',
          run: (round) =>
            night({ worker, method: variant.method, vendors: vendorCount, size: round < ctx.warmup ? warmupPages : pages }),
        },
      ],
    });
    await world.stopChild(worker);
    if (!variant.browser)
      return { lines: lines(ctx, id, variant, nights.ours, null, { pages, vendorCount }), raw: { night: withoutLogs(nights) } };

    // Browser: a fresh worker command (its own Chromium per process), one measured night of the subset.
    const browserWorker = await world.startWorkerCommand({}, { execArgv: ctx.profileArgs('b8-browser-worker') });
    const browser = await night({ worker: browserWorker, method: 'puppeteer', vendors: browserVendors, size: browserPages });
    await world.stopChild(browserWorker);
    ctx.log(`B8: browser ${browserVendors} × ${browserPages}: ${browser.pagesPerSecond.toFixed(1)} pages/s`);

    return {
      lines: lines(ctx, id, variant, nights.ours, browser, { pages, vendorCount, browserPages }),
      raw: { http: withoutLogs(nights), browser },
    };
  } finally {
    redis.disconnect();
    await world.close();
    await site.stop();
  }
}

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

function lines(ctx, id, variant, ours, browser, { pages, vendorCount, browserPages }) {
  const measured = ours.rounds.filter((r) => !r.warmup);
  const pick = (key) => summarize(measured.map((r) => r[key]));
  const makespan = summarize(ours.values);
  const seconds = pick('makespanMs');
  const violations = measured.reduce((sum, r) => sum + r.violations, 0);
  const medianGap = pick('medianGapMs');
  const allStored = measured.every((r) => r.storedPages === r.expectedPages);
  const floorSeconds = ((pages - 1) * DELAY_MS) / 1000;
  const nightPages = vendorCount * pages;
  const full = !ctx.quick;
  const targetS = variant.targetS;
  const rendered =
    variant.method === 'adaptive' ? `; pages opened in the browser ${measured.map((r) => r.renderedPages).join('/')}` : '';
  const result = [
    {
      row: id,
      case: `${vendorCount} vendors × ${pages} pages at once, delay ${DELAY_MS} ms, ${variant.method}, default settings: makespan ÷ floor (${floorSeconds.toFixed(1)} s)`,
      unit: '×',
      ours: makespan,
      target: full ? `≤ ${((targetS * 1000) / ((PAGES - 1) * DELAY_MS)).toFixed(2)} (${targetS} s)` : '–',
      met: full ? seconds.median <= targetS * 1000 : null,
      note: `makespan ${(seconds.median / 1000).toFixed(1)} s (${(seconds.min / 1000).toFixed(1)}–${(seconds.max / 1000).toFixed(1)}); ${allStored ? `all ${nightPages} pages stored every round` : `stored ${measured.map((r) => r.storedPages).join('/')} of ${nightPages}`}${rendered}`,
    },
    {
      row: id,
      case: 'same, pages/s',
      unit: 'pages/s',
      ours: pick('pagesPerSecond'),
      target: '–',
      met: null,
    },
    {
      row: id,
      case: 'same, median gap between requests to one host',
      unit: 'ms',
      ours: medianGap,
      target: variant.medianGapTarget ? `≤ ${MEDIAN_GAP_TARGET_MS} ms, none < ${DELAY_MS} ms` : `none < ${DELAY_MS} ms`,
      met: (!variant.medianGapTarget || medianGap.median <= MEDIAN_GAP_TARGET_MS) && violations === 0,
      note: `closest ${pick('minGapMs').min.toFixed(0)} ms; gaps shorter than ${DELAY_MS} ms over all measured rounds: ${violations}`,
    },
    {
      row: id,
      case: 'same, peak PSS of the worker command (all its processes)',
      unit: 'MB',
      ours: pick('peakMb'),
      target: '–',
      met: null,
      note: `crawls running at once (heartbeats, summed over ${Math.max(...measured.map((r) => r.workerProcesses))} processes): peak ${pick('peakRunning').median.toFixed(0)}, autoscaler's desired peak ${pick('peakDesired').median.toFixed(0)}`,
    },
  ];
  if (!browser) return result;
  // The night by browser: its pages at the rate the subset reached, never under its politeness floor.
  const browserNightS = Math.max((VENDORS * pages) / browser.pagesPerSecond, floorSeconds);
  result.push({
    row: id,
    case: `browser, ${BROWSER_VENDORS} vendors × ${browserPages} pages (one night), extrapolated to ${VENDORS} × ${pages}`,
    unit: 'min',
    ours: summarize([browserNightS / 60]),
    target: full ? `≤ ${BROWSER_TARGET_MIN} min` : '–',
    met: full ? browserNightS / 60 <= BROWSER_TARGET_MIN : null,
    note: `${browser.pagesPerSecond.toFixed(1)} pages/s over ${browser.expectedPages} pages (makespan ${(browser.makespanMs / 1000).toFixed(0)} s, ${browser.storedPages} stored; floor ${(browser.floorMs / 1000).toFixed(1)} s); ${VENDORS * pages} pages at that rate, never under the ${floorSeconds.toFixed(1)} s floor; peak PSS ${browser.peakMb.toFixed(0)} MB, peak ${browser.peakRunning} crawls at once; closest gap ${browser.minGapMs.toFixed(0)} ms, ${browser.violations} under ${DELAY_MS} ms`,
  });
  return result;
}
