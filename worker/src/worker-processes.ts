import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import os from 'node:os';
import type { AppConfig } from '@vendorwatch/runtime';

/** A process that dies within this long of its start counts as crashing: it is restarted after a growing pause. */
const HEALTHY_AFTER_MS = 10_000;
const MAX_RESTART_PAUSE_MS = 30_000;

/**
 * How many crawling processes one worker command runs: one per core with a database server; one
 * with the embedded database, which only one process can open.
 */
export function workerProcessCount(config: Pick<AppConfig, 'DATABASE_URL' | 'WORKER_PROCESSES'>): number {
  if (!config.DATABASE_URL) return 1;
  return config.WORKER_PROCESSES ?? os.availableParallelism();
}

/**
 * Threads each crawling process reads page bodies on (PageReaderPool): its share of the machine's
 * cores, at least one — one per process when a process runs per core, every core for the one
 * process of the embedded database.
 */
export function pageReaderThreads(config: Pick<AppConfig, 'DATABASE_URL' | 'WORKER_PROCESSES'>): number {
  return Math.max(1, Math.round(os.availableParallelism() / workerProcessCount(config)));
}

/**
 * Runs `startOne` in this process, or — when more than one process is wanted — supervises that many
 * copies of this command (node:cluster): each is a worker of its own with its own BullMQ workers and
 * event loop, so every core crawls. A process that dies is started again (its crawls are resumed
 * from the frontier, as after any crash); SIGTERM and SIGINT are passed on, and the command ends when
 * they all have.
 */
export async function runWorkerProcesses(count: number, startOne: () => Promise<void>, log = console.log): Promise<void> {
  if (!cluster.isPrimary) {
    // The supervisor is gone (killed): its processes go too; their crawls are resumed elsewhere.
    process.once('disconnect', () => process.exit(1));
    return startOne();
  }
  if (count <= 1) return startOne();
  let stopping = false;
  const pauses = new Map<number, number>();
  const fork = (slot: number) => {
    const child: ClusterWorker = cluster.fork({
      VW_WORKER_SLOT: String(slot),
      NODE_OPTIONS: withYoungGeneration(process.env.NODE_OPTIONS),
    });
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const pause =
        Date.now() - startedAt < HEALTHY_AFTER_MS ? Math.min(MAX_RESTART_PAUSE_MS, (pauses.get(slot) ?? 500) * 2) : 500;
      pauses.set(slot, pause);
      log(`Worker process ${child.process.pid} (slot ${slot}) exited (${signal ?? code}); starting another in ${pause} ms`);
      setTimeout(() => fork(slot), pause);
    });
  };
  for (let slot = 0; slot < count; slot++) fork(slot);
  log(`Vendorwatch worker supervising ${count} crawling processes`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
}

/**
 * The young generation a crawling process's heap gets (semi-space, MB), unless the command was given one:
 * a page's body, document and row live about a second — the host's delay, the write behind — and with
 * V8's default 16 MB a busy process scavenged them several times over, copying and promoting them, and
 * its GC threads spent a fifth of its CPU (bench B12).
 */
const SEMI_SPACE_MB = 64;

/** NODE_OPTIONS with the young generation's size, unless it names one (as a flag, not in execArgv: threads refuse V8 flags there). */
function withYoungGeneration(options = ''): string {
  return options.includes('--max-semi-space-size') ? options : `${options} --max-semi-space-size=${SEMI_SPACE_MB}`.trim();
}
