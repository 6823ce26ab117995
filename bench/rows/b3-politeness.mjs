import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { politeness } from '../site/site.mjs';
import { peerCrawl, productCrawl, startPeer, withoutLogs } from './contenders.mjs';

const DELAY_MS = 500;

/**
 * B3 — 50 vendors at once, crawl delay 500 ms. Ours: one worker with WORKER_CONCURRENCY 50 and the
 * product's default 500 ms floor, 50 crawls (http method, delay 500) started together. Peer:
 * Crawlee's CheerioCrawler at concurrency 50 with sameDomainDelaySecs 0.5 over the same 50 sites
 * (named vendorNN.test and resolved to the same addresses: Crawlee keys its delay by registrable
 * domain, which an IP address does not have, so on http://127.0.0.x the delay would not apply).
 * Makespan ÷ the politeness floor (pages − 1) × delay; the site's log gives the closest two
 * requests to one host.
 */
export default {
  id: 'B3',
  async run(ctx) {
    const vendors = ctx.size({ full: 50, quick: 50, smoke: 4 });
    const pages = ctx.size({ full: 100, quick: 4, smoke: 3 });
    // The warm-up round only warms (JIT, connections): a 10-page site is enough.
    const warmupPages = Math.min(pages, 10);
    const names = Object.fromEntries(
      ctx.site.hosts.slice(0, vendors).map((address, i) => [`vendor${String(i + 1).padStart(2, '0')}.test`, address]),
    );
    const sites = {};
    for (const size of new Set([pages, warmupPages])) {
      const prefix = await ctx.site.prepare({ kind: 's', size });
      sites[size] = {
        startUrls: Array.from({ length: vendors }, (_, i) => ctx.site.url(i, prefix)),
        namedUrls: Object.keys(names).map((name) => `http://${name}:${ctx.site.port}${prefix}/`),
      };
    }
    const world = await createWorld({ logFile: ctx.logFile('b3-product') });
    try {
      await world.startWorker({ WORKER_CONCURRENCY: String(vendors) }, { execArgv: ctx.profileArgs('b3-worker') });
      const owner = await world.createOwner(sites[pages].startUrls);
      const crawlee = await startPeer('crawlee-http', { databaseUrl: world.database.url, logFile: ctx.logFile('b3-crawlee') });
      const withChecks = (runOf) => async (round) => {
        const size = round < ctx.warmup ? warmupPages : pages;
        const result = await runOf(size)(round);
        const gaps = politeness(result.log, DELAY_MS);
        return {
          ...result,
          value: result.wallMs / ((size - 1) * DELAY_MS),
          makespanMs: result.wallMs,
          pagesPerVendor: size,
          ...gaps,
        };
      };
      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B3: ${m} (makespan ÷ floor)`),
        contenders: [
          {
            name: 'ours',
            run: withChecks((size) =>
              productCrawl({
                world,
                site: ctx.site,
                owner,
                startUrls: sites[size].startUrls,
                method: 'http',
                maxPages: size,
                crawlDelay: DELAY_MS,
              }),
            ),
          },
          {
            name: 'crawlee',
            run: withChecks((size) =>
              peerCrawl({
                peer: crawlee,
                site: ctx.site,
                options: {
                  startUrls: sites[size].namedUrls,
                  concurrency: vendors,
                  sameDomainDelaySecs: DELAY_MS / 1000,
                  hostAliases: names,
                },
              }),
            ),
          },
        ],
      });
      await crawlee.stop();
      const measured = (name, key) => results[name].rounds.filter((r) => !r.warmup).map((r) => r[key]);
      const makespan = summarize(results.ours.values);
      const violations = measured('ours', 'violations').reduce((a, b) => a + b, 0);
      const peerViolations = measured('crawlee', 'violations').reduce((a, b) => a + b, 0);
      const fetched = measured('ours', 'distinctPages');
      const floorSeconds = ((pages - 1) * DELAY_MS) / 1000;
      return {
        lines: [
          {
            row: 'B3',
            case: `${vendors} vendors × ${pages} pages at once, delay ${DELAY_MS} ms: makespan ÷ floor (${floorSeconds.toFixed(1)} s)`,
            unit: '×',
            ours: makespan,
            peer: { name: 'Crawlee', summary: summarize(results.crawlee.values) },
            ratio: { label: 'ours÷Crawlee', summary: ratios(results.ours.values, results.crawlee.values) },
            target: '≤ 1.05',
            met: makespan.median <= 1.05,
            note: fetched.every((n) => n === vendors * pages) ? undefined : `ours fetched ${fetched.join('/')} pages`,
          },
          {
            row: 'B3',
            case: 'closest two requests to one host (robots.txt and sitemap included)',
            unit: 'ms',
            ours: summarize(measured('ours', 'minGapMs')),
            peer: { name: 'Crawlee', summary: summarize(measured('crawlee', 'minGapMs')) },
            target: `≥ ${DELAY_MS} ms, no gap shorter`,
            met: violations === 0,
            note: `gaps shorter than ${DELAY_MS} ms over all measured rounds: ours ${violations}, Crawlee ${peerViolations}`,
          },
        ],
        raw: withoutLogs(results),
      };
    } finally {
      await world.close();
    }
  },
};
