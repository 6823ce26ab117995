import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  CLUSTER_COUNTERS,
  JobQueues,
  readClusterCounter,
  readWorkerHeartbeats,
  type ClusterCounterName,
} from '@vendorwatch/runtime';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A scrape must answer even while Redis does not: its figures are then left out. */
const REDIS_READ_TIMEOUT_MS = 2000;

/**
 * The Prometheus registry of this API process: its own HTTP latencies and process figures, and
 * — read from Redis when scraped — the queues' job counts and what every worker process counted
 * (pages, errors, credits, finished crawls) and holds (browser pages). One registry per app, so
 * tests that build several apps in one process do not share series.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobQueues: JobQueues,
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'vendorwatch_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.queueGauges();
    this.workerGauges();
    for (const name of Object.keys(CLUSTER_COUNTERS) as ClusterCounterName[]) this.clusterCounter(name);
  }

  /** Times every request by its route's pattern (`/api/crawls/:id`), never the raw URL. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  metrics(): Promise<string> {
    return this.registry.metrics();
  }

  private queueGauges(): void {
    const jobQueues = this.jobQueues;
    new Gauge({
      name: 'vendorwatch_queue_jobs',
      help: 'Jobs in each queue by state (waiting is the queue depth).',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        const names = jobQueues.queueNames();
        const counts = await Promise.all(names.map((name) => withinTimeout(jobQueues.jobCounts(name))));
        this.reset();
        names.forEach((name, i) => {
          for (const [state, value] of Object.entries(counts[i] ?? {})) this.set({ queue: name, state }, value);
        });
      },
    });
  }

  private workerGauges(): void {
    const { redis, config } = this.jobQueues;
    let beats: Promise<Awaited<ReturnType<typeof readWorkerHeartbeats>> | undefined> | null = null;
    // Three gauges from one read of the heartbeats per scrape.
    const heartbeats = () => {
      beats ??= withinTimeout(readWorkerHeartbeats(redis, config)).finally(() => setImmediate(() => (beats = null)));
      return beats;
    };
    const gauge = (name: string, help: string, value: (all: Awaited<ReturnType<typeof readWorkerHeartbeats>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const all = await heartbeats();
          if (all) this.set(value(all));
        },
      });
    gauge('vendorwatch_workers', 'Worker processes with a live heartbeat.', (all) => all.length);
    gauge('vendorwatch_worker_active_jobs', 'Jobs the live workers are running.', (all) =>
      all.reduce((sum, beat) => sum + beat.activeJobs, 0),
    );
    gauge('vendorwatch_browser_pages_in_use', 'Browser pages the live workers hold open for crawls.', (all) =>
      all.reduce((sum, beat) => sum + (beat.browserPages ?? 0), 0),
    );
    gauge('vendorwatch_worker_crawl_concurrency_desired', 'Crawls the live workers’ autoscalers allow at once, summed.', (all) =>
      all.reduce((sum, beat) => sum + (beat.concurrency?.desired ?? 0), 0),
    );
    gauge('vendorwatch_worker_crawl_concurrency_max', 'The live workers’ upper bounds on crawls at once, summed.', (all) =>
      all.reduce((sum, beat) => sum + (beat.concurrency?.max ?? 0), 0),
    );
  }

  private clusterCounter(name: ClusterCounterName): void {
    const { redis, config } = this.jobQueues;
    new Counter({
      name,
      help: `${CLUSTER_COUNTERS[name].help} Counted by all workers together.`,
      labelNames: [...CLUSTER_COUNTERS[name].labels],
      registers: [this.registry],
      async collect() {
        const rows = await withinTimeout(readClusterCounter(redis, config, name));
        if (!rows) return;
        this.reset();
        for (const row of rows) this.inc(row.labels, row.value);
      },
    });
  }
}

/** The value, or undefined when it does not come in time or fails (Redis unreachable). */
function withinTimeout<T>(work: Promise<T>): Promise<T | undefined> {
  return Promise.race([
    work.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), REDIS_READ_TIMEOUT_MS).unref()),
  ]);
}
