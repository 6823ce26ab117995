import path from 'node:path';
import { startChild } from '../lib/ipc.mjs';
import { BENCH } from '../lib/paths.mjs';
import { crawlWindow } from '../site/site.mjs';

/**
 * The two ways a crawl round is run — through the product (rows inserted and enqueued as the
 * backend does, a worker process crawls) or through a peer process — and the one way it is
 * measured: the site's request log.
 */

export function productCrawl({
  world,
  site,
  owner,
  startUrls,
  method,
  maxPages,
  crawlDelay = 0,
  crawlerConfigId,
  settings,
  queuePrefix,
}) {
  return async () => {
    await site.reset();
    const ids = await world.insertCrawls({ ...owner, startUrls, method, maxPages, crawlDelay, crawlerConfigId, settings });
    const started = performance.timeOrigin + performance.now();
    await world.enqueue(ids, queuePrefix);
    const { endedAt } = await world.waitForCrawls(ids);
    const log = await site.log();
    const window = crawlWindow(log, endedAt);
    return { value: window.pagesPerSecond, ...window, wallMs: endedAt - started, log };
  };
}

export async function startPeer(name, { databaseUrl, logFile, execArgv = [] }) {
  const child = startChild(path.join(BENCH, 'peers/peer-process.mjs'), {
    env: { VW_BENCH_PEER: name, DATABASE_URL: databaseUrl },
    logFile,
    execArgv,
  });
  await child.ready;
  return child;
}

let runs = 0;

export function peerCrawl({ peer, site, options, timeoutMs = 900_000 }) {
  return async () => {
    await site.reset();
    const run = `run-${++runs}`;
    // What a peer reports beyond its times and failures (B11's readings) goes with the round.
    const { startedAt, endedAt, failures, pages: _pages, ...reported } = await peer.call('crawl', { run, ...options }, timeoutMs);
    const log = await site.log();
    const window = crawlWindow(log, endedAt);
    return { ...reported, value: window.pagesPerSecond, ...window, wallMs: endedAt - startedAt, failures, log };
  };
}

/** A note when some contender did not fetch every page in some round (a short crawl is not a fast one). */
export function missingPages(results, expected) {
  const short = Object.entries(results).filter(([, r]) => r.rounds.some((round) => round.distinctPages !== expected));
  if (short.length === 0) return undefined;
  return `not every round fetched all ${expected} pages: ${short
    .map(([name, r]) => `${name} ${r.rounds.map((round) => round.distinctPages).join('/')}`)
    .join('; ')}`;
}

/** The site logs are kept for the row's own checks, not for the JSON file. */
export function withoutLogs(results) {
  return Object.fromEntries(
    Object.entries(results).map(([name, r]) => [name, { ...r, rounds: r.rounds.map(({ log: _log, ...rest }) => rest) }]),
  );
}
