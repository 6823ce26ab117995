import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, HEARTBEAT_INTERVAL_MS, removeHeartbeat, writeHeartbeat, type AppConfig } from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';
import { BrowserPool } from '../crawl-engine/fetchers/puppeteer/browser-pool';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { WORKER_ID, WORKER_REDIS } from '../worker-tokens';
import { ActiveJobs } from './active-jobs';
import { WorkerAutoscaler } from './autoscaling/worker-autoscaler.service';

/** Writes `${QUEUE_PREFIX}:workers:<id>` every 5 s with a 15 s TTL, so /api/health sees live workers. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HeartbeatService.name);
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = new Date().toISOString();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    private readonly browsers: BrowserPool,
    private readonly active: ActiveJobs,
    private readonly metrics: WorkerMetrics,
    @Inject(WORKER_ID) private readonly workerId: string,
    private readonly autoscaler: WorkerAutoscaler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await removeHeartbeat(this.redis, this.config, this.workerId).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    await writeHeartbeat(this.redis, this.config, {
      id: this.workerId,
      pid: process.pid,
      browser: this.browsers.status(),
      activeJobs: this.active.count,
      browserPages: this.metrics.browserPages,
      concurrency: this.autoscaler.snapshot(),
      startedAt: this.startedAt,
    }).catch((error: Error) => this.logger.warn(`Heartbeat not written: ${error.message}`));
  }
}
