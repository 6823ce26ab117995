import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { prefixedKey } from '../queue/redis';

type PrefixConfig = Pick<AppConfig, 'QUEUE_PREFIX'>;

/**
 * Counters that worker processes add to and the API reports at /metrics. Workers are separate
 * processes (often on other hosts) with no port of their own, so they add to hashes in Redis —
 * `${QUEUE_PREFIX}:metrics:<name>`, one field per label set — and whichever API process is
 * scraped reads the installation's totals. Each counter's labels are declared here, once.
 */
export const CLUSTER_COUNTERS = {
  vendorwatch_pages_crawled_total: {
    help: 'Page fetches by crawl method and HTTP status class (error: no answer).',
    labels: ['method', 'status_class'],
  },
  vendorwatch_crawl_errors_total: {
    help: 'Fetches that failed, by crawl method and kind (retryable, page, critical, unexpected).',
    labels: ['method', 'kind'],
  },
  vendorwatch_crawls_finished_total: {
    help: 'Crawls a worker ended, by final status.',
    labels: ['status'],
  },
  vendorwatch_scraping_credits_used_total: {
    help: 'Scraping API credits spent by crawls, by crawl method.',
    labels: ['method'],
  },
} as const;

export type ClusterCounterName = keyof typeof CLUSTER_COUNTERS;
export type ClusterCounterLabels<N extends ClusterCounterName> = Record<(typeof CLUSTER_COUNTERS)[N]['labels'][number], string>;

/** Label values joined into one hash field; `|` never occurs in a method, a status or a kind. */
const SEPARATOR = '|';
export const clusterCounterKey = (config: PrefixConfig, name: ClusterCounterName) => prefixedKey(config, 'metrics', name);

/**
 * A worker's additions, kept in memory and written to Redis in one pipeline every `flushEveryMs`
 * (a page costs no round trip of its own). While Redis is unreachable the client holds the write
 * until it is back (and a batch that fails outright is kept for the next one); a process that
 * dies loses at most one interval's worth.
 */
export class ClusterCounters {
  private pending = new Map<string, { name: ClusterCounterName; field: string; value: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly config: PrefixConfig,
    private readonly flushEveryMs = 1000,
  ) {}

  add<N extends ClusterCounterName>(name: N, labels: ClusterCounterLabels<N>, value = 1): void {
    if (!(value > 0)) return;
    const field = CLUSTER_COUNTERS[name].labels.map((label) => (labels as Record<string, string>)[label]).join(SEPARATOR);
    this.keep(`${name}${SEPARATOR}${field}`, { name, field, value });
    this.schedule(this.flushEveryMs);
  }

  /** Writes what has accumulated (waiting for a write under way first). */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    this.flushing ??= this.write().finally(() => {
      this.flushing = null;
      if (this.pending.size > 0) this.schedule(this.flushEveryMs);
    });
    return this.flushing;
  }

  /** Stops the timer and writes the rest (on shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  private keep(key: string, entry: { name: ClusterCounterName; field: string; value: number }): void {
    const current = this.pending.get(key);
    if (current) current.value += entry.value;
    else this.pending.set(key, { ...entry });
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const pipeline = this.redis.pipeline();
    for (const { name, field, value } of batch.values()) pipeline.hincrby(clusterCounterKey(this.config, name), field, value);
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    } catch {
      for (const [key, entry] of batch) this.keep(key, entry);
    }
  }
}

/** The installation's totals of one counter: label sets and values. */
export async function readClusterCounter<N extends ClusterCounterName>(
  redis: Redis,
  config: PrefixConfig,
  name: N,
): Promise<{ labels: ClusterCounterLabels<N>; value: number }[]> {
  const hash = await redis.hgetall(clusterCounterKey(config, name));
  const names = CLUSTER_COUNTERS[name].labels;
  return Object.entries(hash).map(([field, value]) => {
    const parts = field.split(SEPARATOR);
    const labels = Object.fromEntries(names.map((label, i) => [label, parts[i] ?? ''])) as ClusterCounterLabels<N>;
    return { labels, value: Number(value) };
  });
}
