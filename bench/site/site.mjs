import path from 'node:path';
import { startChild } from '../lib/ipc.mjs';
import { BENCH } from '../lib/paths.mjs';
import { SITE_PATH } from './generator.mjs';

/**
 * The harness's handle on the site server: start it, prepare a site, reset and read its request
 * log, and the two figures computed from the log — a crawl's throughput window and the gaps
 * between requests to one host.
 */
export async function startSite({ hosts = 50, logFile }) {
  const child = startChild(path.join(BENCH, 'site/server.mjs'), { args: [JSON.stringify({ hosts })], logFile });
  const { port, hosts: addresses } = await child.ready;
  return {
    child,
    port,
    hosts: addresses,
    /** Start URL of a site on host `i`: url(i, '/s100/'). */
    url: (i, prefix) => `http://${addresses[i]}:${port}${prefix}/`,
    /** Renders the site `{ kind, size, latencyMs }` now; resolves to its path prefix (e.g. /s100). */
    prepare: (site) => child.call('prewarm', site, 600_000),
    reset: () => child.call('reset'),
    log: async () => (await child.call('log')).map(([host, path, t0, t1, status]) => ({ host, path, t0, t1, status })),
    firstRequest: (host, after) => child.call('firstRequest', { host, after }),
    stop: () => child.stop(),
  };
}

export const isPage = (entry) => SITE_PATH.test(entry.path);

/**
 * Throughput of one crawl: pages fetched ÷ (the crawl's end − its first request at the site,
 * robots.txt included). The start is on the site's clock, the same for every contender, so none is
 * charged for starting its process or loading its libraries; the end is when the contender says
 * it finished (the last page stored, its screenshot taken), on the same machine clock.
 */
export function crawlWindow(log, endedAt = 0) {
  if (log.length === 0) return { pages: 0, requests: 0, seconds: NaN, pagesPerSecond: NaN };
  const pages = log.filter(isPage);
  const first = Math.min(...log.map((e) => e.t0));
  const last = Math.max(endedAt, ...log.map((e) => e.t1));
  const seconds = (last - first) / 1000;
  const distinct = new Set(pages.map((e) => `${e.host}${e.path}`)).size;
  return {
    pages: pages.length,
    distinctPages: distinct,
    requests: log.length,
    seconds,
    pagesPerSecond: pages.length / seconds,
    maxPagesInFlight: maxInFlight(pages),
  };
}

/** The most page requests the site was answering at one moment: the concurrency a crawler really reached. */
export function maxInFlight(entries) {
  const events = entries.flatMap((e) => [
    [e.t0, 1],
    [e.t1, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let max = 0;
  for (const [, delta] of events) max = Math.max(max, (current += delta));
  return max;
}

/** Per host: requests sorted by arrival; the closest two, and how many gaps are shorter than `delayMs`. */
export function politeness(log, delayMs) {
  const byHost = new Map();
  for (const entry of log) {
    if (!byHost.has(entry.host)) byHost.set(entry.host, []);
    byHost.get(entry.host).push(entry.t0);
  }
  let minGapMs = Infinity;
  let violations = 0;
  for (const times of byHost.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      const gap = times[i] - times[i - 1];
      minGapMs = Math.min(minGapMs, gap);
      if (gap < delayMs) violations++;
    }
  }
  return { hosts: byHost.size, minGapMs, violations };
}
