import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createWorld } from '../product/world.mjs';
import { missingPages, peerCrawl, productCrawl, startPeer, withoutLogs } from './contenders.mjs';

/**
 * B2 — browser crawl throughput on the site variant with CSS, web fonts and images, at
 * concurrency 2/4/8, resource blocking on and off (quick: concurrency 4, blocking on). Ours: the puppeteer method in one
 * worker (WORKER_CONCURRENCY 8, one crawl per vendor, delay 0). Blocking is on by default; the
 * product loads images and fonts only when it takes screenshots, so "off" means takeScreenshots
 * for ours and a PNG screenshot per page for the peers too. Peers: Crawlee's PuppeteerCrawler and
 * raw puppeteer with reused pages (the ceiling), same Chromium binary, flags and viewport.
 */
export default {
  id: 'B2',
  async run(ctx) {
    const pages = ctx.size({ full: 8, quick: 6, smoke: 3 });
    const cases = ctx.quick
      ? [{ concurrency: ctx.size({ quick: 4, smoke: 2 }), blockResources: true }]
      : [2, 4, 8].flatMap((concurrency) => [
          { concurrency, blockResources: true },
          { concurrency, blockResources: false },
        ]);
    const prefix = await ctx.site.prepare({ kind: 'r', size: pages });
    const world = await createWorld({ logFile: ctx.logFile('b2-product') });
    const lines = [];
    const raw = {};
    try {
      await world.startWorker({ WORKER_CONCURRENCY: '8', CRAWL_MIN_DELAY_MS: '0' }, { execArgv: ctx.profileArgs('b2-worker') });
      const allUrls = Array.from({ length: 8 }, (_, i) => ctx.site.url(i, prefix));
      const owner = await world.createOwner(allUrls);
      const crawlee = await startPeer('crawlee-browser', { databaseUrl: world.database.url, logFile: ctx.logFile('b2-crawlee') });
      const ceiling = await startPeer('bare-browser', { databaseUrl: world.database.url, logFile: ctx.logFile('b2-ceiling') });
      for (const [index, { concurrency, blockResources }] of cases.entries()) {
        const startUrls = allUrls.slice(0, concurrency);
        const hostOwner = { ...owner, vendorIds: owner.vendorIds.slice(0, concurrency) };
        const options = { startUrls, concurrency, blockResources };
        const name = `c${concurrency}-${blockResources ? 'blocking' : 'no-blocking'}`;
        const results = await alternate({
          // One warm-up per row: the processes (and our worker's Chromium) stay up from one case to the next.
          warmup: index === 0 ? ctx.warmup : 0,
          rounds: ctx.rounds,
          log: (m) => ctx.log(`B2 ${name}: ${m} pages/s`),
          contenders: [
            {
              name: 'ours',
              run: productCrawl({
                world,
                site: ctx.site,
                owner: hostOwner,
                startUrls,
                method: 'puppeteer',
                maxPages: pages,
                settings: { takeScreenshots: !blockResources },
              }),
            },
            { name: 'crawlee', run: peerCrawl({ peer: crawlee, site: ctx.site, options }) },
            { name: 'ceiling', run: peerCrawl({ peer: ceiling, site: ctx.site, options }) },
          ],
        });
        raw[name] = withoutLogs(results);
        const label = `concurrency ${concurrency}, blocking ${blockResources ? 'on' : 'off (screenshots)'}, ${concurrency} hosts × ${pages} pages`;
        const base = {
          row: 'B2',
          unit: 'pages/s',
          ours: summarize(results.ours.values),
          note: missingPages(results, concurrency * pages),
        };
        const vsCrawlee = ratios(results.ours.values, results.crawlee.values);
        const vsCeiling = ratios(results.ours.values, results.ceiling.values);
        lines.push(
          {
            ...base,
            case: label,
            peer: { name: 'Crawlee', summary: summarize(results.crawlee.values) },
            ratio: { label: 'ours÷Crawlee', summary: vsCrawlee },
            target: '≥ 1.2',
            met: vsCrawlee.median >= 1.2,
          },
          {
            ...base,
            case: `${label}, vs ceiling`,
            peer: { name: 'ceiling', summary: summarize(results.ceiling.values) },
            ratio: { label: 'ours÷ceiling', summary: vsCeiling },
            target: '≥ 0.8',
            met: vsCeiling.median >= 0.8,
          },
        );
      }
      await crawlee.stop();
      await ceiling.stop();
    } finally {
      await world.close();
    }
    return { lines, raw };
  },
};
