import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH } from '../lib/paths.mjs';
import { listPids, processTree, readStat, threadTicks, TICKS_PER_SECOND } from '../lib/proc.mjs';
import { createWorld } from '../product/world.mjs';
import { peerCrawl, productCrawl, startPeer } from '../rows/contenders.mjs';
import { startSite } from '../site/site.mjs';

/**
 * Where a crawled page's CPU goes: B1's http case (8 hosts × 100 pages, concurrency 8) crawled by
 * our worker and by the bare undici loop (the ceiling), alternating, with the CPU time each process
 * group spent during the crawl — the contender's process tree, PostgreSQL, Redis, the site —
 * divided by the pages. It tells a CPU-bound gap (two cores shared by all of them) from waiting. The
 * contender's CPU is given thread by thread: our worker reads page bodies on threads of its own.
 * With --method puppeteer, B2's case instead (8 hosts × 30 pages), against raw puppeteer; Chromium's
 * renderers come and go during a crawl, so the machine's whole CPU time (/proc/stat) is given too,
 * and Chromium's share is what it leaves after the worker's own node process and the rest. With
 * --method adaptive, B11's quick case on the mostly server-rendered site (4 hosts × 30 pages) against
 * Crawlee's AdaptivePlaywrightCrawler. --ours-only leaves the peer out (for a sampler run beside it).
 *
 *   node bench/diagnostics/cpu-per-page.mjs [rounds] [--cpu-prof] [--method puppeteer|adaptive] [--ours-only]   (after `npm run build:server`)
 *
 * --cpu-prof writes our worker's CPU profiles to bench/results/profiles/cpu-per-page-<time>/ when it
 * stops, one per thread (the main thread's is the first, CPU.<date>.<time>.<pid>.0.001.cpuprofile; the
 * page readers' follow); `node bench/diagnostics/profile-summary.mjs <file>` lists where its time went.
 */

const args = process.argv.slice(2);
const method = args.includes('--method') ? args[args.indexOf('--method') + 1] : 'http';
const adaptive = method === 'adaptive';
const browser = method === 'puppeteer' || adaptive;
const HOSTS = adaptive ? 4 : 8;
const PAGES = browser ? 30 : 100;
const rounds = Number(args.find((arg, i) => /^\d+$/.test(arg) && args[i - 1] !== '--method') ?? 3);
const profileDir = args.includes('--cpu-prof')
  ? path.join(BENCH, 'results/profiles', `cpu-per-page-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  : null;
const oursOnly = args.includes('--ours-only');

/** Every process's command name and CPU time so far. */
function statsNow() {
  const stats = new Map();
  for (const pid of listPids()) {
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  return stats;
}

/** The machine's CPU seconds so far, every core and process (the first line of /proc/stat, less idle and iowait). */
function machineSeconds() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = fields.reduce((sum, value) => sum + value, 0) - fields[3] - fields[4];
  return busy / TICKS_PER_SECOND;
}

/**
 * A process's read and write system calls and bytes so far (/proc/<pid>/io, every thread): its round
 * trips to PostgreSQL, Redis and the site are writes on sockets, each a system call whose loopback
 * delivery the kernel does in the writer's time.
 */
function ioOf(pid) {
  try {
    const fields = Object.fromEntries(
      readFileSync(`/proc/${pid}/io`, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(': '))
        .map(([key, value]) => [key, Number(value)]),
    );
    return { writes: fields.syscw, written: fields.wchar, reads: fields.syscr };
  } catch {
    return { writes: 0, written: 0, reads: 0 };
  }
}

/** CPU seconds per group between two readings (named process trees, else the command name), and the kernel's share of each. */
function cpuByGroup(before, after, trees) {
  const groups = {};
  const system = {};
  for (const [pid, { name, cpuTicks, systemTicks }] of after) {
    const seconds = (cpuTicks - (before.get(pid)?.cpuTicks ?? 0)) / TICKS_PER_SECOND;
    if (seconds <= 0) continue;
    const group = Object.entries(trees).find(([, pids]) => pids.has(pid))?.[0] ?? name;
    groups[group] = (groups[group] ?? 0) + seconds;
    system[group] = (system[group] ?? 0) + (systemTicks - (before.get(pid)?.systemTicks ?? 0)) / TICKS_PER_SECOND;
  }
  return { groups, system };
}

const site = await startSite({ hosts: HOSTS });
const world = await createWorld();
try {
  const prefix = await site.prepare({ kind: adaptive ? 'm' : 's', size: PAGES });
  const startUrls = Array.from({ length: HOSTS }, (_, i) => site.url(i, prefix));
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const worker = await world.startWorker(
    { WORKER_CONCURRENCY: String(HOSTS), CRAWL_MIN_DELAY_MS: '0' },
    { execArgv: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [] },
  );
  const owner = await world.createOwner(startUrls);
  const ceiling = await startPeer(adaptive ? 'crawlee-adaptive' : browser ? 'bare-browser' : 'bare-http', {
    databaseUrl: world.database.url,
  });
  const contenders = [
    ['ours', productCrawl({ world, site, owner, startUrls, method, maxPages: PAGES }), worker.pid],
    ['ceiling', peerCrawl({ peer: ceiling, site, options: { startUrls, concurrency: HOSTS } }), ceiling.pid],
  ];
  for (let round = 0; round <= rounds; round++) {
    for (const [name, crawl, pid] of oursOnly ? contenders.slice(0, 1) : contenders) {
      const trees = {
        [name]: new Set(processTree(pid)),
        site: new Set(processTree(site.child.pid)),
        harness: new Set([process.pid]),
      };
      const before = statsNow();
      const threadsBefore = threadTicks(pid);
      const machineBefore = machineSeconds();
      const ioBefore = ioOf(pid);
      const result = await crawl();
      const ioAfter = ioOf(pid);
      const machine = machineSeconds() - machineBefore;
      const threadsAfter = threadTicks(pid);
      const after = statsNow();
      const { groups, system } = cpuByGroup(before, after, trees);
      if (round === 0) continue; // warm-up
      const ownProcess = ((after.get(pid)?.cpuTicks ?? 0) - (before.get(pid)?.cpuTicks ?? 0)) / TICKS_PER_SECOND;
      const ms = (seconds) => ((seconds * 1000) / result.pages).toFixed(2);
      // A thread that ended during the crawl is missing from the after reading, so not shown.
      const threads = [...threadsAfter]
        .map(([thread, ticks]) => [thread, (ticks - (threadsBefore.get(thread) ?? 0)) / TICKS_PER_SECOND])
        .filter(([, seconds]) => seconds * 1000 >= result.pages * 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([thread, seconds]) => `${thread} ${ms(seconds)}`);
      const perPage = Object.entries(groups)
        .filter(([, seconds]) => seconds * 1000 >= result.pages * 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([group, seconds]) => `${group} ${ms(seconds)}${group === name ? ` (kernel ${ms(system[group])})` : ''}`);
      console.log(
        `round ${round} ${name}: ${result.pagesPerSecond.toFixed(browser ? 1 : 0)} pages/s; CPU ms per page: ${perPage.join(', ')}` +
          `; machine ${ms(machine)}, of it ${name}'s node process ${ms(ownProcess)} (by thread: ${threads.join(', ')})` +
          `; its system calls per page: ${((ioAfter.writes - ioBefore.writes) / result.pages).toFixed(1)} writes ` +
          `(${((ioAfter.written - ioBefore.written) / result.pages / 1024).toFixed(1)} KiB), ` +
          `${((ioAfter.reads - ioBefore.reads) / result.pages).toFixed(1)} reads`,
      );
    }
  }
  await ceiling.stop();
  await world.stopChild(worker);
  if (profileDir) console.log(`worker profiles, one per thread: ${path.relative(process.cwd(), profileDir)}/`);
} finally {
  await world.close();
  await site.stop();
}
