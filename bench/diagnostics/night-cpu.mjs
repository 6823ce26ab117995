import { createWorld } from '../product/world.mjs';
import { processTree, readStat } from '../lib/proc.mjs';
import { requireFrom } from '../lib/paths.mjs';
import { startSite } from '../site/site.mjs';

/**
 * The http night's CPU per page: B8's first part (vendors × pages, crawl delay 500 ms, every crawl enqueued
 * at once, the worker command with its defaults) once, with the CPU time of the worker command's process
 * tree — its crawling processes and their threads — from the first enqueue until every crawl is assessed
 * (the assessment after a crawl is part of a page's cost), divided by the pages stored.
 *
 *   node bench/diagnostics/night-cpu.mjs [vendors=300] [pages=100]   (after `npm run build:server`)
 */

const VENDORS = Number(process.argv[2] ?? 300);
const PAGES = Number(process.argv[3] ?? 100);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const { sql } = requireFrom('packages/db', 'drizzle-orm');

const site = await startSite({ hosts: VENDORS });
const world = await createWorld();
try {
  const prefix = await site.prepare({ kind: 's', size: PAGES });
  const urls = Array.from({ length: VENDORS }, (_, i) => site.url(i, prefix));
  const owner = await world.createOwner(urls);
  const worker = await world.startWorkerCommand({});
  const ticks = (pid) => readStat(pid)?.cpuTicks ?? 0;
  const ids = await world.insertCrawls({ ...owner, startUrls: urls, method: 'http', maxPages: PAGES, crawlDelay: 500 });
  const before = new Map(processTree(worker.pid).map((pid) => [pid, ticks(pid)]));
  const started = Date.now();
  await world.enqueue(ids);
  const { endedAt } = await world.waitForCrawls(ids, { timeoutMs: 3_600_000, intervalMs: 500 });
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  for (const deadline = Date.now() + 600_000; ;) {
    const { rows } = await world.db.execute(
      sql`select count(*)::int as n from compliance_assessments where job_id in (${idList})`,
    );
    if (rows[0].n >= ids.length) break;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${ids.length} crawls assessed after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const assessedAt = Date.now();
  const stored = await world.storedPages(ids);
  let seconds = 0;
  for (const pid of processTree(worker.pid)) seconds += (ticks(pid) - (before.get(pid) ?? 0)) / TICKS_PER_SECOND;
  console.log(
    `http night of ${VENDORS} × ${PAGES}: makespan ${((endedAt - started) / 1000).toFixed(1)} s, all assessed after ` +
      `${((assessedAt - started) / 1000).toFixed(1)} s, ${stored.pages} pages stored; worker CPU ${seconds.toFixed(1)} s, ` +
      `${((seconds * 1000) / stored.pages).toFixed(2)} ms per page`,
  );
  await world.stopChild(worker);
} finally {
  await world.close();
  await site.stop();
}
