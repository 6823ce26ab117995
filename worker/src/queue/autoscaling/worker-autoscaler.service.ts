import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, JobQueues, type AppConfig, type TypedWorker } from '@vendorwatch/runtime';
import os from 'node:os';
import { WorkerMetrics } from '../../metrics/worker-metrics';
import { workerProcessCount } from '../../worker-processes';
import { WORKER_OPTIONS, type WorkerOptions } from '../../worker-tokens';
import { ActiveJobs } from '../active-jobs';
import { ConcurrencyAutoscaler, DEFAULT_AUTOSCALER_LIMITS } from './concurrency-autoscaler';
import { setConcurrency } from './set-concurrency';
import { BrowserPagesSignal, CpuSignal, EventLoopSignal, MemorySignal, type LoadSignal } from './load-signals';

/** A signal counts as overloaded when more than this share of its recent samples were. */
const OVERLOADED_SHARE = 0.5;
/** How many recent samples a decision looks at. */
const WINDOW = 4;

export interface ConcurrencySnapshot {
  running: number;
  desired: number;
  max: number;
  /** Signals overloaded at the last decision. */
  overloaded: string[];
}

/**
 * Raises and lowers how many crawls this process runs at once (the crawl queue's BullMQ
 * `Worker.concurrency`, which may change on a running worker) from the load it samples: event-loop
 * delay, CPU, memory and Chromium pages. WORKER_MAX_CONCURRENCY is the upper bound; per-host
 * politeness is untouched (it lives in the host gate, whatever the concurrency).
 */
@Injectable()
export class WorkerAutoscaler implements OnModuleDestroy {
  private readonly logger = new Logger(WorkerAutoscaler.name);
  private readonly autoscaler: ConcurrencyAutoscaler;
  private readonly signals: LoadSignal[];
  private readonly history = new Map<string, boolean[]>();
  private overloaded: string[] = [];
  /** Crawls waiting at the previous decision. */
  private lastWaiting = Infinity;
  private sampling: NodeJS.Timeout | null = null;
  private deciding: NodeJS.Timeout | null = null;
  private worker: TypedWorker<'crawl'> | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
    private readonly active: ActiveJobs,
    metrics: WorkerMetrics,
    private readonly queues: JobQueues,
  ) {
    const max = workerMaxConcurrency(config);
    this.autoscaler = new ConcurrencyAutoscaler({
      ...DEFAULT_AUTOSCALER_LIMITS,
      max,
      initial: Math.min(max, 4 * os.availableParallelism()),
    });
    this.signals = options.loadSignals ?? [
      new EventLoopSignal(),
      new CpuSignal(),
      new MemorySignal(),
      // Browser crawls' tabs only: an adaptive crawl holds a tab just while it renders, and its renders
      // wait for one of BrowserTabSlots' few, so taking more adaptive crawls adds no Chromium pages.
      new BrowserPagesSignal(() => metrics.browserCrawlPages, workerMaxBrowserPages(config)),
    ];
  }

  /** The initial concurrency of the crawl queue's worker: where the autoscaler starts. */
  get initial(): number {
    return this.autoscaler.desired;
  }

  /** Starts steering the crawl queue's worker. */
  attach(worker: TypedWorker<'crawl'>): void {
    this.worker = worker;
    worker.concurrency = this.autoscaler.desired;
    this.sampling = setInterval(() => this.sample(), this.options.autoscaleSampleMs);
    this.deciding = setInterval(() => void this.decide(), this.options.autoscaleEveryMs);
    this.sampling.unref();
    this.deciding.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sampling) clearInterval(this.sampling);
    if (this.deciding) clearInterval(this.deciding);
    for (const signal of this.signals) signal.stop?.();
  }

  snapshot(): ConcurrencySnapshot {
    return {
      running: this.active.countOf('crawl'),
      desired: this.autoscaler.desired,
      max: this.autoscaler.limits.max,
      overloaded: this.overloaded,
    };
  }

  private sample(): void {
    for (const signal of this.signals) {
      const recent = this.history.get(signal.name) ?? [];
      recent.push(signal.sample().overloaded);
      if (recent.length > WINDOW) recent.shift();
      this.history.set(signal.name, recent);
    }
  }

  private async decide(): Promise<void> {
    if (!this.worker) return;
    this.overloaded = [...this.history.entries()]
      .filter(([, recent]) => recent.length > 0 && recent.filter(Boolean).length / recent.length > OVERLOADED_SHARE)
      .map(([name]) => name);
    let backlog = false;
    let fairShare: number | undefined;
    try {
      const counts = await this.queues.crawlCounts();
      const waiting = counts.waiting ?? 0;
      backlog = waiting > 0;
      // The share holds while the backlog shrinks: when it does not, the other processes take no
      // more (their bound, their load) and this one grows past its share rather than leave crawls waiting.
      const othersTaking = waiting < this.lastWaiting;
      this.lastWaiting = waiting;
      if (backlog && othersTaking) {
        // CLIENT LIST, so only when a share can matter (an idle worker asks every second otherwise);
        // where a managed Redis refuses it, BullMQ answers one worker: no share is imposed.
        const workers = await this.queues.crawlWorkersCount();
        fairShare = Math.ceil((waiting + (counts.active ?? 0)) / Math.max(1, workers));
      }
    } catch {
      // Redis away: nothing is taken meanwhile anyway.
    }
    const before = this.autoscaler.desired;
    const desired = this.autoscaler.decide({
      running: this.active.countOf('crawl'),
      backlog,
      overloaded: this.overloaded,
      fairShare,
    });
    if (desired === before) return;
    setConcurrency(this.worker, desired);
    this.logger.debug(
      `Crawl concurrency ${before} → ${desired}${this.overloaded.length ? ` (overloaded: ${this.overloaded.join(', ')})` : ''}`,
    );
  }
}

/**
 * The most crawls one process runs at once, unless WORKER_MAX_CONCURRENCY (or its former name) says:
 * a crawl is mostly a wait for its host's turn, so it is the load signals, not this bound, that
 * should stop a process taking more. At 200, a worker command on two cores held both processes at
 * the bound for most of a 1 000-vendor night while 600 crawls waited (bench B8L); at 500 it can take
 * the whole night at once, and the autoscaler trims it when the event loop, CPU or memory say so.
 */
export const DEFAULT_WORKER_MAX_CONCURRENCY = 500;

export function workerMaxConcurrency(config: Pick<AppConfig, 'WORKER_MAX_CONCURRENCY' | 'WORKER_CONCURRENCY'>): number {
  return config.WORKER_MAX_CONCURRENCY ?? config.WORKER_CONCURRENCY ?? DEFAULT_WORKER_MAX_CONCURRENCY;
}

/** Chromium pages one process may hold: WORKER_MAX_BROWSER_PAGES, or two per GB of memory. */
export function workerMaxBrowserPages(config: Pick<AppConfig, 'WORKER_MAX_BROWSER_PAGES'>): number {
  const total = process.constrainedMemory?.() || os.totalmem();
  return config.WORKER_MAX_BROWSER_PAGES ?? Math.max(2, Math.floor((total / 1024 ** 3) * 2));
}

/**
 * Renders per core when WORKER_MAX_CONCURRENT_RENDERS is unset. A render is mostly Chromium's CPU (layout,
 * scripts, axe-core): under the memory bound the adaptive night (B8A) rendered ~96 pages at once on two
 * cores, thrashing. At 1, 2 and 4 per core the quick night took about as long (bench/README.md); four
 * lets a process's few crawls each render at once (B11) without that thrash.
 */
export const RENDERS_PER_CORE = 4;

/**
 * Pages one process's adaptive crawls render at once (BrowserTabSlots): WORKER_MAX_CONCURRENT_RENDERS,
 * or RENDERS_PER_CORE for each core of the process's share of the machine, within the Chromium pages
 * it may hold.
 */
export function workerMaxConcurrentRenders(
  config: Pick<AppConfig, 'WORKER_MAX_CONCURRENT_RENDERS' | 'WORKER_MAX_BROWSER_PAGES' | 'DATABASE_URL' | 'WORKER_PROCESSES'>,
): number {
  if (config.WORKER_MAX_CONCURRENT_RENDERS) return config.WORKER_MAX_CONCURRENT_RENDERS;
  const cores = os.availableParallelism() / workerProcessCount(config);
  return Math.max(1, Math.min(workerMaxBrowserPages(config), Math.round(RENDERS_PER_CORE * cores)));
}
