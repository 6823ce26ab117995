import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { missingPages, peerCrawl, productCrawl, startPeer, withoutLogs } from './contenders.mjs';

/**
 * B1 — HTTP crawl throughput. `hosts` vendors (one 127.0.0.x host each) of `pages` pages, crawled
 * at concurrency = hosts: ours (one worker, WORKER_CONCURRENCY = hosts, one crawl per vendor,
 * delay 0) by the api method through the local ScrapingBee-protocol server and by the http
 * method; Crawlee's CheerioCrawler (min = max concurrency, persistence off) and the bare undici +
 * htmlparser2 loop (the ceiling) the same way.
 */
export default {
  id: 'B1',
  async run(ctx) {
    const hosts = ctx.size({ full: 8, quick: 8, smoke: 2 });
    const pages = ctx.size({ full: 100, quick: 25, smoke: 5 });
    const prefix = await ctx.site.prepare({ kind: 's', size: pages });
    const startUrls = Array.from({ length: hosts }, (_, i) => ctx.site.url(i, prefix));
    const bee = await ctx.scrapingBee();
    const world = await createWorld({ logFile: ctx.logFile('b1-product') });
    const lines = [];
    const raw = {};
    try {
      await world.startWorker(
        { WORKER_CONCURRENCY: String(hosts), CRAWL_MIN_DELAY_MS: '0' },
        { execArgv: ctx.profileArgs('b1-worker') },
      );
      const owner = await world.createOwner(startUrls);
      const crawlerConfigId = await world.createApiConfig(owner, bee.endpoint, bee.apiKey);
      const crawlee = await startPeer('crawlee-http', { databaseUrl: world.database.url, logFile: ctx.logFile('b1-crawlee') });
      const ceiling = await startPeer('bare-http', { databaseUrl: world.database.url, logFile: ctx.logFile('b1-ceiling') });
      for (const [index, method] of ['api', 'http'].entries()) {
        const api = method === 'api' ? { endpoint: bee.endpoint, apiKey: bee.apiKey } : undefined;
        const options = { startUrls, concurrency: hosts, api };
        const results = await alternate({
          // One warm-up per row: the processes stay up from one case to the next.
          warmup: index === 0 ? ctx.warmup : 0,
          rounds: ctx.rounds,
          log: (m) => ctx.log(`B1 ${method}: ${m}`),
          contenders: [
            {
              name: 'ours',
              run: productCrawl({ world, site: ctx.site, owner, startUrls, method, maxPages: pages, crawlerConfigId }),
            },
            { name: 'crawlee', run: peerCrawl({ peer: crawlee, site: ctx.site, options }) },
            { name: 'ceiling', run: peerCrawl({ peer: ceiling, site: ctx.site, options }) },
          ],
        });
        raw[method] = withoutLogs(results);
        const note = missingPages(results, hosts * pages);
        const label = method === 'api' ? 'api method (local ScrapingBee protocol)' : 'http method';
        const base = { row: 'B1', unit: 'pages/s', ours: summarize(results.ours.values), note };
        lines.push(
          {
            ...base,
            case: `${label}, ${hosts} hosts × ${pages} pages, concurrency ${hosts}`,
            peer: { name: 'Crawlee', summary: summarize(results.crawlee.values) },
            ratio: { label: 'ours÷Crawlee', summary: ratios(results.ours.values, results.crawlee.values) },
            target: '≥ 1.2',
          },
          {
            ...base,
            case: `${label}, same`,
            peer: { name: 'ceiling', summary: summarize(results.ceiling.values) },
            ratio: { label: 'ours÷ceiling', summary: ratios(results.ours.values, results.ceiling.values) },
            target: '≥ 0.8',
          },
        );
        lines.at(-2).met = lines.at(-2).ratio.summary.median >= 1.2;
        lines.at(-1).met = lines.at(-1).ratio.summary.median >= 0.8;
      }
      await crawlee.stop();
      await ceiling.stop();
    } finally {
      await world.close();
    }
    return { lines, raw };
  },
};
