import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { MESSAGES, type HealthReport } from '@vendorwatch/contracts';
import { DATABASE, JobQueues, puppeteerHealth, type WorkerHeartbeat } from '@vendorwatch/runtime';
import type { Database } from '@vendorwatch/db';
import { sql } from 'drizzle-orm';

type ServiceStatus = 'ok' | 'down';

export type { HealthReport };

/**
 * The spec's health answer, built on terminus' indicators; the browser service's status is
 * puppeteerHealth() of the workers' heartbeats, or `down` when Redis cannot be asked.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly queues: JobQueues,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async report(): Promise<HealthReport> {
    const started = performance.now();
    let workers: WorkerHeartbeat[] | undefined;
    const result = await this.health
      .check([
        () => this.probe('database', () => this.db.execute(sql`select 1`)),
        () => this.probe('redis', () => this.queues.ping()),
        () => this.probe('queue', () => this.queues.crawlCounts()),
        () =>
          this.probe('workers', async () => {
            workers = await this.queues.workerHeartbeats();
            return {};
          }),
      ])
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });

    const details = result.details as Record<string, { status: 'up' | 'down'; waiting?: number; active?: number }>;
    const status = (key: string): ServiceStatus => (details[key]?.status === 'up' ? 'ok' : 'down');
    const browsersOk = workers?.filter((beat) => beat.browser === 'ok').length ?? 0;
    const puppeteer = workers === undefined ? 'down' : puppeteerHealth(workers);
    const success = status('database') === 'ok' && status('redis') === 'ok';
    return {
      success,
      message: !success
        ? MESSAGES.crawls.healthCheckFailed
        : puppeteer === 'ok'
          ? 'All services are healthy'
          : MESSAGES.crawls.degraded,
      services: {
        database: { status: status('database') },
        redis: { status: status('redis') },
        queue: { status: status('queue'), waiting: details.queue?.waiting, active: details.queue?.active },
        puppeteer: { status: puppeteer, workers: workers?.length ?? 0, browsersOk },
        workers: (workers ?? []).map((beat) => ({
          id: beat.id,
          running: beat.concurrency?.running ?? beat.activeJobs,
          desiredConcurrency: beat.concurrency?.desired ?? 0,
          maxConcurrency: beat.concurrency?.max ?? 0,
          overloaded: beat.concurrency?.overloaded ?? [],
        })),
      },
      metrics: { responseTime: Math.round(performance.now() - started) },
    };
  }

  /** Runs one check with a time limit; its resolved object (if any) becomes the indicator's data. */
  private async probe(key: string, check: () => Promise<unknown>) {
    const session = this.indicators.check(key);
    try {
      const data = await Promise.race([
        check(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 3000).unref()),
      ]);
      return session.up(data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {});
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}
