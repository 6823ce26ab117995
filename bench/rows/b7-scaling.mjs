import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { productCrawl, withoutLogs } from './contenders.mjs';

const LATENCY_MS = 200;
const CONCURRENCY = 4;

/**
 * B7 — scaling with worker processes on an I/O-bound crawl: every page of the site answers after
 * 200 ms, so a crawl waits on the network, not on the CPU. 1, 2 and 4 worker processes (each
 * WORKER_CONCURRENCY 4, each set on its own queue prefix so idle sets take nothing) crawl the same
 * vendors (http method, delay 0); throughput(w) ÷ throughput(1).
 */
export default {
  id: 'B7',
  async run(ctx) {
    const vendors = ctx.size({ full: 16, quick: 16, smoke: 4 });
    const pages = ctx.size({ full: 12, quick: 3, smoke: 2 });
    const prefix = await ctx.site.prepare({ kind: 's', size: pages, latencyMs: LATENCY_MS });
    const startUrls = Array.from({ length: vendors }, (_, i) => ctx.site.url(i, prefix));
    const world = await createWorld({ logFile: ctx.logFile('b7-product') });
    try {
      const owner = await world.createOwner(startUrls);
      const sets = ctx.size({ full: [1, 2, 4], quick: [1, 2, 4], smoke: [1, 2] });
      const contenders = [];
      for (const workers of sets) {
        const queuePrefix = `${world.prefix}-w${workers}`;
        await Promise.all(
          Array.from({ length: workers }, () =>
            world.startWorker({ WORKER_CONCURRENCY: String(CONCURRENCY), CRAWL_MIN_DELAY_MS: '0', QUEUE_PREFIX: queuePrefix }),
          ),
        );
        contenders.push({
          name: `${workers}`,
          run: productCrawl({ world, site: ctx.site, owner, startUrls, method: 'http', maxPages: pages, queuePrefix }),
        });
      }
      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B7 workers ${m} pages/s`),
        contenders,
      });
      const one = results['1'].values;
      const lines = sets.slice(1).map((workers) => {
        const ratio = ratios(results[`${workers}`].values, one);
        return {
          row: 'B7',
          case: `${workers} worker processes vs 1 (each concurrency ${CONCURRENCY}), ${vendors} vendors × ${pages} pages answering in ${LATENCY_MS} ms`,
          unit: 'pages/s',
          ours: summarize(results[`${workers}`].values),
          peer: { name: '1 worker', summary: summarize(one) },
          ratio: { label: `${workers}÷1`, summary: ratio },
          target: workers === 2 ? '≥ 1.7' : '–',
          met: workers === 2 ? ratio.median >= 1.7 : null,
        };
      });
      return { lines, raw: withoutLogs(results) };
    } finally {
      await world.close();
    }
  },
};
