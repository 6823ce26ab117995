import { Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import {
  AuditLogRepository,
  CrawlFrontierRepository,
  CrawlJobsRepository,
  QuestionnairesRepository,
  RemediationRequestsRepository,
  VendorLinksRepository,
} from '@vendorwatch/db';
import {
  afterCrawlProviders,
  APP_CONFIG,
  createRedisClient,
  CRAWL_POSTURE_READER,
  JobQueues,
  prefixedKey,
  type AppConfig,
  AddressGuard,
  createGuardedAgent,
  ProgrammeMailer,
  publicUrl,
  QuestionnaireReminderSource,
  RemediationReminderSource,
  VendorLinkReminderSender,
} from '@vendorwatch/runtime';
import { AlertSender } from './alerts/alert-sender';
import { DeliverySlots } from './alerts/delivery-slots';
import { DeliverAlertHandler } from './jobs/deliver-alert.handler';
import { ProgrammeRemindersHandler } from './jobs/programme-reminders.handler';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Dispatcher } from 'undici';
import { Crawler } from './crawl-engine/loop/crawler';
import { FetcherFactory } from './crawl-engine/fetchers/fetcher-factory';
import { BrowserTabSlots } from './crawl-engine/fetchers/adaptive/browser-tab-slots';
import { BrowserPool } from './crawl-engine/fetchers/puppeteer/browser-pool';
import { RedisHostGate } from './crawl-engine/politeness/host-gate';
import { HttpClient } from './crawl-engine/fetchers/http/http-client';
import { PageReaderPool } from './crawl-engine/page-reading/page-reader-pool';
import { ScreenshotStore } from './crawl-engine/page-reading/screenshot-store';
import { DirectSiteProbe, FetcherSiteProbe } from './crawl-engine/fetchers/site-probe';
import type { Fetcher } from './crawl-engine/fetchers/fetcher';
import { CrawlDomainPosture, gathererOptionsOf } from './domain-posture/crawl-domain-posture.service';
import { DomainPostureGatherer } from './domain-posture/domain-posture-gatherer';
import { CrawlJobHandler } from './jobs/crawl-job.handler';
import { ReconcileCrawlsHandler } from './jobs/reconcile-crawls.handler';
import { ScheduledCrawlHandler } from './jobs/scheduled-crawl.handler';
import { TestCrawlHandler } from './jobs/test-crawl.handler';
import { WorkerMetrics } from './metrics/worker-metrics';
import { MaintenanceScheduler } from './jobs/maintenance-scheduler.service';
import { ActiveJobs } from './queue/active-jobs';
import { HeartbeatService } from './queue/heartbeat.service';
import { WorkerAutoscaler, workerMaxConcurrentRenders } from './queue/autoscaling/worker-autoscaler.service';
import { QueueWorkersService } from './queue/queue-workers.service';
import { pageReaderThreads } from './worker-processes';
import {
  DEFAULT_WORKER_OPTIONS,
  GUARDED_DISPATCHER,
  JOB_HANDLERS,
  WORKER_ID,
  WORKER_OPTIONS,
  WORKER_REDIS,
  type WorkerOptions,
} from './worker-tokens';

/** Closes what the providers below opened, after the queue workers have stopped (onModuleDestroy). */
class WorkerResources implements OnApplicationShutdown {
  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(GUARDED_DISPATCHER) private readonly dispatcher: Dispatcher,
    @Inject(BrowserPool) private readonly browsers: BrowserPool,
    @Inject(JobQueues) private readonly queues: JobQueues,
    @Inject(AlertSender) private readonly alertSender: AlertSender,
    @Inject(PageReaderPool) private readonly pageReaders: PageReaderPool,
    @Inject(ProgrammeMailer) private readonly programmeMailer: ProgrammeMailer,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.alertSender.close();
    this.programmeMailer.close();
    await this.queues.close();
    await this.browsers.close();
    await this.pageReaders.close();
    await this.dispatcher.close().catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * The crawl worker: BullMQ processors for every job kind, the crawl engine and its fetchers.
 * Needs the global AppConfigModule, DatabaseModule and SecretsModule — from `createWorkerApp`, or
 * from the backend's own application when the worker runs in-process beside it.
 */
@Module({})
export class WorkerModule {
  static forRoot(options: Partial<WorkerOptions> = {}): DynamicModule {
    return {
      module: WorkerModule,
      providers: [
        { provide: WORKER_OPTIONS, useValue: { ...DEFAULT_WORKER_OPTIONS, ...options } },
        { provide: WORKER_ID, useFactory: () => `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}` },
        {
          provide: WORKER_REDIS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => createRedisClient(config, 'vendorwatch-worker'),
        },
        {
          provide: AddressGuard,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new AddressGuard(config.CRAWL_ALLOW_PRIVATE_NETWORKS),
        },
        { provide: GUARDED_DISPATCHER, inject: [AddressGuard], useFactory: (guard: AddressGuard) => createGuardedAgent(guard) },
        { provide: HttpClient, inject: [GUARDED_DISPATCHER], useFactory: (dispatcher: Dispatcher) => new HttpClient(dispatcher) },
        {
          provide: RedisHostGate,
          inject: [APP_CONFIG, WORKER_REDIS],
          useFactory: (config: AppConfig, redis: Redis) => new RedisHostGate(redis, prefixedKey(config, 'politeness')),
        },
        {
          provide: BrowserPool,
          inject: [APP_CONFIG, AddressGuard],
          useFactory: (config: AppConfig, guard: AddressGuard) =>
            new BrowserPool({ executablePath: config.CHROMIUM_PATH, guard, upstreamProxy: config.PROXY_URL }),
        },
        {
          provide: BrowserTabSlots,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new BrowserTabSlots(workerMaxConcurrentRenders(config)),
        },
        {
          provide: PageReaderPool,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new PageReaderPool(pageReaderThreads(config)),
        },
        {
          provide: ScreenshotStore,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new ScreenshotStore(config.DATA_DIR),
        },
        {
          provide: Crawler,
          inject: [CrawlFrontierRepository, CrawlJobsRepository, HttpClient, RedisHostGate, ScreenshotStore, AddressGuard],
          useFactory: (
            frontier: CrawlFrontierRepository,
            jobs: CrawlJobsRepository,
            http: HttpClient,
            hostGate: RedisHostGate,
            screenshots: ScreenshotStore,
            guard: AddressGuard,
          ) => {
            const direct = new DirectSiteProbe(http, guard);
            const siteProbe = (fetcher: Fetcher) => (fetcher.method === 'api' ? new FetcherSiteProbe(fetcher) : direct);
            return new Crawler({ frontier, jobs, http, hostGate, screenshots, siteProbe });
          },
        },
        FetcherFactory,
        WorkerMetrics,
        {
          // One producer per queue, made on first use and shared by everything in the process (the crawl
          // queue has three users: scheduled crawls, the reconciler, the autoscaler).
          provide: JobQueues,
          inject: [APP_CONFIG, WORKER_REDIS],
          useFactory: (config: AppConfig, redis: Redis) => new JobQueues(config, { role: 'worker', redis }),
        },
        {
          provide: AlertSender,
          inject: [APP_CONFIG, GUARDED_DISPATCHER],
          useFactory: (config: AppConfig, dispatcher: Dispatcher) =>
            new AlertSender(dispatcher, { url: config.SMTP_URL, from: config.SMTP_FROM }, config.ALERT_DELIVERY_TIMEOUT_MS),
        },
        {
          provide: DeliverySlots,
          inject: [APP_CONFIG, WORKER_REDIS],
          useFactory: (config: AppConfig, redis: Redis) =>
            new DeliverySlots(
              redis,
              prefixedKey(config, 'alerts', 'in-flight'),
              config.ALERT_DELIVERIES_IN_FLIGHT_PER_USER,
              // A slot outlives the attempt it was taken for; a dead worker's slot lapses after this.
              2 * config.ALERT_DELIVERY_TIMEOUT_MS + 30_000,
            ),
        },
        { provide: ProgrammeMailer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ProgrammeMailer(config) },
        {
          provide: VendorLinkReminderSender,
          inject: [
            APP_CONFIG,
            VendorLinksRepository,
            AuditLogRepository,
            ProgrammeMailer,
            RemediationRequestsRepository,
            QuestionnairesRepository,
          ],
          useFactory: (
            config: AppConfig,
            links: VendorLinksRepository,
            auditLog: AuditLogRepository,
            mailer: ProgrammeMailer,
            requests: RemediationRequestsRepository,
            questionnaires: QuestionnairesRepository,
          ) =>
            new VendorLinkReminderSender(links, auditLog, mailer, [
              new RemediationReminderSource(requests, publicUrl(config)),
              new QuestionnaireReminderSource(questionnaires, publicUrl(config)),
            ]),
        },
        ...afterCrawlProviders,
        {
          provide: DomainPostureGatherer,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new DomainPostureGatherer(gathererOptionsOf(config)),
        },
        CrawlDomainPosture,
        { provide: CRAWL_POSTURE_READER, useExisting: CrawlDomainPosture },
        CrawlJobHandler,
        TestCrawlHandler,
        ReconcileCrawlsHandler,
        ScheduledCrawlHandler,
        DeliverAlertHandler,
        ProgrammeRemindersHandler,
        {
          provide: JOB_HANDLERS,
          inject: [
            CrawlJobHandler,
            TestCrawlHandler,
            ReconcileCrawlsHandler,
            ScheduledCrawlHandler,
            DeliverAlertHandler,
            ProgrammeRemindersHandler,
          ],
          useFactory: (...handlers: unknown[]) => handlers,
        },
        MaintenanceScheduler,
        ActiveJobs,
        WorkerAutoscaler,
        QueueWorkersService,
        HeartbeatService,
        WorkerResources,
      ],
    };
  }
}
