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
    hold: () => child.call('hold'),
    held: () => child.call('held'),
    release: () => child.call('release'),
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
  return { pages: pages.length, distinctPages: distinct, requests: log.length, seconds, pagesPerSecond: pages.length / seconds };
}

/** Gaps between consecutive requests to one host (arrival to arrival): the closest, typical, and how many are shorter than `delayMs`. */
export function politeness(log, delayMs) {
  const byHost = new Map();
  for (const entry of log) {
    if (!byHost.has(entry.host)) byHost.set(entry.host, []);
    byHost.get(entry.host).push(entry);
  }
  const gaps = [];
  /** The first few pairs that came too close, as the site saw them: what to look for in the product's log. */
  const tooClose = [];
  for (const entries of byHost.values()) {
    entries.sort((a, b) => a.t0 - b.t0);
    for (let i = 1; i < entries.length; i++) {
      const gap = entries[i].t0 - entries[i - 1].t0;
      gaps.push(gap);
      if (gap < delayMs && tooClose.length < 5) tooClose.push(describePair(entries[i - 1], entries[i]));
    }
  }
  gaps.sort((a, b) => a - b);
  return {
    hosts: byHost.size,
    minGapMs: gaps[0] ?? NaN,
    medianGapMs: gaps[Math.floor(gaps.length / 2)] ?? NaN,
    p90GapMs: gaps[Math.floor(gaps.length * 0.9)] ?? NaN,
    violations: gaps.filter((gap) => gap < delayMs).length,
    tooClose,
  };
}

/** `host: /a (200, 0–35 ms) then /b (200) 253 ms after it`, times from the first request's arrival. */
const describePair = (first, second) =>
  `${first.host}: ${first.path} (${first.status}, 0–${(first.t1 - first.t0).toFixed(0)} ms) then ${second.path} ` +
  `(${second.status}) ${(second.t0 - first.t0).toFixed(0)} ms after it`;
