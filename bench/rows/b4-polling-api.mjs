import path from 'node:path';
import autocannon from 'autocannon';
import { startChild } from '../lib/ipc.mjs';
import { BENCH, requireFrom } from '../lib/paths.mjs';
import { alternate } from '../lib/rounds.mjs';
import { ratios, summarize } from '../lib/stats.mjs';
import { createVendor, signUp } from '../product/api-client.mjs';
import { createWorld, freePort } from '../product/world.mjs';

const { sql } = requireFrom('packages/db', 'drizzle-orm');
const { personalWorkspaceOf } = requireFrom('worker', '@vendorwatch/db/testing');

/** A dashboard user's history, in their personal workspace: vendors, finished crawls over 30 days, and their pages. */
async function seedHistory(db, userId, { vendors, crawlsPerVendor, pages }) {
  const workspaceId = await personalWorkspaceOf(db, userId);
  await db.execute(sql`insert into vendors (workspace_id, user_id, name, url)
    select ${workspaceId}::uuid, ${userId}::uuid, 'Seeded vendor ' || g, 'http://seed-' || g || '.example/' from generate_series(1, ${vendors}) g`);
  await db.execute(sql`insert into crawl_jobs (workspace_id, user_id, vendor_id, method, status, target_url, progress, pages_done, pages_planned,
      created_at, started_at, completed_at)
    select v.workspace_id, v.user_id, v.id, 'http', case when random() < 0.9 then 'completed' else 'failed' end, v.url, 100, 0, 0,
      t, t, t + interval '5 minutes'
    from vendors v cross join generate_series(1, ${crawlsPerVendor}) g
    cross join lateral (select now() - random() * interval '30 days' as t) at
    where v.workspace_id = ${workspaceId}::uuid and v.name like 'Seeded vendor %'`);
  await db.execute(sql`with jobs as (select id, workspace_id, user_id, vendor_id, target_url, completed_at, row_number() over () - 1 as n
      from crawl_jobs where workspace_id = ${workspaceId}::uuid and status in ('completed', 'failed')),
    total as (select count(*) as c from jobs)
    insert into crawl_pages (job_id, workspace_id, user_id, vendor_id, url, final_url, status_code, content_type, title, response_time_ms, links_count, fetched_at)
    select j.id, j.workspace_id, j.user_id, j.vendor_id, j.target_url || 'p/' || g, j.target_url || 'p/' || g, 200, 'text/html', 'Seeded page',
      (50 + random() * 900)::int, 20, j.completed_at
    from generate_series(0, ${pages} - 1) g join jobs j on j.n = g % (select c from total)`);
  await db.execute(sql`analyze`);
  const { rows } = await db.execute(
    sql`select id from crawl_jobs where workspace_id = ${workspaceId}::uuid and status = 'completed' order by completed_at desc limit 1`,
  );
  return { finishedCrawlId: rows[0].id };
}

/**
 * What an answer is made of — its keys and value types, lists by length — without the values that
 * move while crawls run (progress, page counts, times). Ours and the peer must answer alike.
 */
function shapeOf(value) {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf(value[key])]),
    );
  return value === null ? 'null' : typeof value;
}

/**
 * B4 — the polling API under load while crawls run. Ours: the compiled backend as deployed
 * (NODE_ENV=production, request logs on, to a file), a real JWT from its embedded auth, a user
 * with 300 vendors, 900 finished crawls and their pages, and 10 crawls of that user running in a
 * worker at crawl delay 500 ms. Peer: a bare Fastify server answering the same three requests
 * with the product's repositories (same SQL, same token check) on the same database. autocannon
 * cycles GET /api/crawls/status, GET /api/crawls/:id, GET /api/dashboard/summary.
 */
export default {
  id: 'B4',
  async run(ctx) {
    const seconds = ctx.size({ full: 4, quick: 2, smoke: 1 });
    const pages = ctx.size({ full: 100_000, quick: 20_000, smoke: 1000 });
    const vendors = ctx.size({ full: 300, quick: 300, smoke: 20 });
    const liveCrawls = ctx.size({ full: 10, quick: 10, smoke: 2 });
    const world = await createWorld({ logFile: ctx.logFile('b4-product') });
    let bare;
    try {
      const api = await world.startApi({}, { execArgv: ctx.profileArgs('b4-api') });
      await world.startWorker({ WORKER_CONCURRENCY: '10' });
      const user = await signUp(api.url);
      const { finishedCrawlId } = await seedHistory(world.db, user.userId, { vendors, crawlsPerVendor: 3, pages });

      // The crawls that run while we measure: 10 vendors, one host each, polite (500 ms).
      const sitePrefix = await ctx.site.prepare({ kind: 's', size: 1000 });
      const running = [];
      for (let i = 0; i < liveCrawls; i++) {
        const vendor = await createVendor(user, {
          name: `Live vendor ${i + 1}`,
          url: ctx.site.url(i, sitePrefix),
          maxPages: 1000,
          crawlDelay: 500,
        });
        running.push(await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } }));
      }
      const crawlId = running[0].id;

      const port = await freePort();
      bare = startChild(path.join(BENCH, 'peers/bare-api.mjs'), {
        env: {
          VW_BENCH_CONFIG: JSON.stringify({
            DATABASE_URL: world.database.url,
            DATABASE_POOL_SIZE: world.config.DATABASE_POOL_SIZE,
            PORT: port,
            apiUrl: api.url,
            issuer: `${api.url}/auth/v1`,
          }),
        },
        logFile: ctx.logFile('b4-bare'),
      });
      const bareUrl = (await bare.ready).url;

      const headers = { authorization: `Bearer ${user.accessToken}` };
      const endpoints = [
        { name: 'GET /api/crawls/status', path: '/api/crawls/status' },
        { name: 'GET /api/crawls/:id', path: `/api/crawls/${crawlId}` },
        { name: 'GET /api/dashboard/summary', path: '/api/dashboard/summary' },
      ];
      // Both answer alike before anything is measured (and for a finished crawl of the history too):
      // a peer that drifted from the product would be measured answering something else.
      const checks = [...endpoints, { name: 'GET /api/crawls/:id (finished)', path: `/api/crawls/${finishedCrawlId}` }];
      for (const endpoint of checks) {
        const answers = [];
        for (const base of [api.url, bareUrl]) {
          const response = await fetch(`${base}${endpoint.path}`, { headers });
          const text = await response.text();
          if (response.status !== 200)
            throw new Error(`${base}${endpoint.path} answered ${response.status}: ${text.slice(0, 300)}`);
          answers.push(JSON.stringify(shapeOf(JSON.parse(text))));
        }
        if (answers[0] !== answers[1])
          throw new Error(
            `${endpoint.name}: the bare peer's answer differs from the API's\n  API:  ${answers[0]}\n  peer: ${answers[1]}`,
          );
      }

      const load = (url, requests, extra = {}) =>
        autocannon({ url, headers, requests, duration: seconds, connections: 10, ...extra }).then((r) => {
          if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
          return r;
        });
      const mixed = endpoints.map((e) => ({ method: 'GET', path: e.path }));
      const measure = (url) => async () => {
        const max = await load(url, mixed);
        const fixed = await load(url, mixed, { overallRate: 2000, connections: 20 });
        const perEndpoint = {};
        if (!ctx.quick)
          for (const endpoint of endpoints)
            perEndpoint[endpoint.name] =
              (await load(url, [{ method: 'GET', path: endpoint.path }], { duration: 3 })).requests.total / 3;
        return {
          value: max.requests.total / seconds,
          p99At2000: fixed.latency.p99,
          achievedRate: fixed.requests.total / seconds,
          p50: max.latency.p50,
          perEndpoint,
        };
      };
      const results = await alternate({
        warmup: ctx.warmup,
        rounds: ctx.rounds,
        log: (m) => ctx.log(`B4: ${m} req/s`),
        contenders: [
          { name: 'ours', run: measure(api.url) },
          { name: 'bare', run: measure(bareUrl) },
        ],
      });
      const measured = (name, key) => results[name].rounds.filter((r) => !r.warmup).map((r) => (key ? r[key] : r.value));
      const rps = summarize(measured('ours'));
      const p99 = summarize(measured('ours', 'p99At2000'));
      const achieved = summarize(measured('ours', 'achievedRate'));
      const ratio = ratios(measured('ours'), measured('bare'));
      const lines = [
        {
          row: 'B4',
          case: `polling mix (status, :id, summary), 10 connections, ${seconds} s, ${liveCrawls} crawls running`,
          unit: 'req/s',
          ours: rps,
          peer: { name: 'bare Fastify', summary: summarize(measured('bare')) },
          ratio: { label: 'ours÷bare', summary: ratio },
          target: '≥ 0.8',
          met: ratio.median >= 0.8,
        },
        {
          row: 'B4',
          case: 'same mix offered at 2 000 req/s: p99 latency',
          unit: 'ms',
          ours: p99,
          peer: { name: 'bare Fastify', summary: summarize(measured('bare', 'p99At2000')) },
          ratio: { label: 'ours÷bare', summary: ratios(measured('ours', 'p99At2000'), measured('bare', 'p99At2000')) },
          target: 'p99 < 20 ms',
          met: p99.median < 20 && achieved.median >= 1900,
          note: `ours served ${Math.round(achieved.median)} req/s of the 2 000 offered (median); latencies corrected for coordinated omission by autocannon`,
        },
      ];
      if (!ctx.quick) {
        for (const endpoint of endpoints) {
          const oursRps = results.ours.rounds.filter((r) => !r.warmup).map((r) => r.perEndpoint[endpoint.name]);
          const bareRps = results.bare.rounds.filter((r) => !r.warmup).map((r) => r.perEndpoint[endpoint.name]);
          const r = ratios(oursRps, bareRps);
          lines.push({
            row: 'B4',
            case: `${endpoint.name} alone, 10 connections`,
            unit: 'req/s',
            ours: summarize(oursRps),
            peer: { name: 'bare Fastify', summary: summarize(bareRps) },
            ratio: { label: 'ours÷bare', summary: r },
            target: '≥ 0.8',
            met: r.median >= 0.8,
          });
        }
      }
      return { lines, raw: results };
    } finally {
      await bare?.stop();
      await world.close();
    }
  },
};
