import path from 'node:path';
import { startChild } from '../lib/ipc.mjs';
import { BENCH, requireFrom } from '../lib/paths.mjs';
import { alternate } from '../lib/rounds.mjs';
import { quantile, ratios, summarize } from '../lib/stats.mjs';
import { createVendor, signUp } from '../product/api-client.mjs';
import { createWorld } from '../product/world.mjs';

const { Queue } = requireFrom('packages/runtime', 'bullmq');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the first request a crawl makes to `host` after `after` (the site's clock). */
async function firstFetch(site, host, after, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = await site.firstRequest(host, after);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no request reached ${host} within ${timeoutMs} ms`);
    await sleep(2);
  }
}

/**
 * B5 — enqueue → first fetch. Ours: POST /api/crawls (real JWT, vendor with saved settings) until
 * the crawl's first request (robots.txt) reaches the vendor's host, with an idle worker; the crawl
 * is then cancelled through the API so the next sample finds the worker idle again. Peer: raw
 * BullMQ queue.add → a processor on the same Redis that fetches the same URL on start. One host per
 * sample, rotating over 50, so no host is still inside its politeness delay.
 */
export default {
  id: 'B5',
  async run(ctx) {
    const samples = ctx.size({ full: 100, quick: 30, smoke: 3 });
    // One host per sample, rotating (a smoke run's three samples need no more than a few).
    const hosts = ctx.size({ full: ctx.site.hosts.length, quick: ctx.site.hosts.length, smoke: 4 });
    const prefix = await ctx.site.prepare({ kind: 's', size: 1 });
    const world = await createWorld({ logFile: ctx.logFile('b5-product') });
    const rawQueueName = 'bench-raw';
    const rawPrefix = `${world.prefix}-raw`;
    let rawWorker;
    let queue;
    try {
      // One user starts a crawl per sample, past the fair-use limit on crawl starts (60 an hour): it is lifted here.
      const { url } = await world.startApi({ CRAWL_STARTS_PER_WINDOW: '100000' }, { execArgv: ctx.profileArgs('b5-api') });
      await world.startWorker({}, { execArgv: ctx.profileArgs('b5-worker') });
      const user = await signUp(url);
      const vendors = [];
      for (let i = 0; i < hosts; i++) {
        const vendorUrl = ctx.site.url(i, prefix);
        vendors.push({
          host: ctx.site.hosts[i],
          ...(await createVendor(user, { name: `Vendor ${i + 1}`, url: vendorUrl, maxPages: 1, crawlDelay: 500 })),
        });
      }
      rawWorker = startChild(path.join(BENCH, 'peers/raw-bullmq-worker.mjs'), {
        env: {
          VW_BENCH_CONFIG: JSON.stringify({
            REDIS_URL: world.config.REDIS_URL,
            QUEUE_PREFIX: rawPrefix,
            queue: rawQueueName,
            concurrency: 4,
          }),
        },
        logFile: ctx.logFile('b5-raw-bullmq'),
      });
      await rawWorker.ready;
      queue = new Queue(rawQueueName, {
        connection: { url: world.config.REDIS_URL, maxRetriesPerRequest: null },
        prefix: rawPrefix,
      });
      await queue.waitUntilReady();

      let next = 0;
      const pick = () => vendors[next++ % vendors.length];
      const ours = async () => {
        const latencies = [];
        const postMs = [];
        for (let i = 0; i < samples; i++) {
          const vendor = pick();
          const sent = now();
          const job = await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
          postMs.push(now() - sent);
          const hit = await firstFetch(ctx.site, vendor.host, sent);
          latencies.push(hit.t0 - sent);
          await user.api(`/api/crawls/${job.id}/cancel`, { method: 'POST' }).catch(() => undefined);
          await sleep(20);
        }
        return {
          value: quantile(latencies, 0.99),
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          latencies,
          postMs,
        };
      };
      const raw = async () => {
        const latencies = [];
        for (let i = 0; i < samples; i++) {
          const vendor = pick();
          const sent = now();
          await queue.add(
            'ping',
            { url: `http://${vendor.host}:${ctx.site.port}/robots.txt` },
            { removeOnComplete: true, removeOnFail: true },
          );
          const hit = await firstFetch(ctx.site, vendor.host, sent);
          latencies.push(hit.t0 - sent);
          await sleep(20);
        }
        return { value: quantile(latencies, 0.99), p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), latencies };
      };
      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B5: ${m} ms (p99)`),
        contenders: [
          { name: 'ours', run: ours },
          { name: 'raw', run: raw },
        ],
      });
      const pick50 = (name) => results[name].rounds.filter((r) => !r.warmup).map((r) => r.p50);
      const pick99 = (name) => results[name].rounds.filter((r) => !r.warmup).map((r) => r.p99);
      const p99 = summarize(pick99('ours'));
      const base = { row: 'B5', unit: 'ms' };
      return {
        lines: [
          {
            ...base,
            case: `POST /api/crawls → first fetch at the site, p50 of ${samples} per round, idle worker`,
            ours: summarize(pick50('ours')),
            peer: { name: 'raw BullMQ', summary: summarize(pick50('raw')) },
            ratio: { label: 'ours÷raw', summary: ratios(pick50('ours'), pick50('raw')) },
            target: '–',
            met: null,
          },
          {
            ...base,
            case: 'same, p99',
            ours: p99,
            peer: { name: 'raw BullMQ', summary: summarize(pick99('raw')) },
            ratio: { label: 'ours÷raw', summary: ratios(pick99('ours'), pick99('raw')) },
            target: 'p99 < 50 ms',
            met: p99.median < 50,
          },
        ],
        raw: results,
      };
    } finally {
      await queue?.obliterate({ force: true }).catch(() => undefined);
      await queue?.close();
      await rawWorker?.stop();
      await world.close();
    }
  },
};
