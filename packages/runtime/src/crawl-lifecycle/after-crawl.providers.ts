import { Logger, type Provider } from '@nestjs/common';
import {
  AlertsRepository,
  AuditLogRepository,
  ComplianceAssessmentsRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  CrawlJobsRepository,
  loggableError,
  RemediationRequestsRepository,
  VendorLinksRepository,
  VendorsRepository,
} from '@vendorwatch/db';
import { publicUrl, type AppConfig } from '../config';
import { APP_CONFIG } from '../config.module';
import { JobQueues } from '../queue/job-queues';
import { AfterCrawl, type CrawlPostureReader } from './after-crawl';
import { AlertEvaluator } from './alerts/alert-evaluator';
import { CrawlComparator } from './changes/crawl-comparator';
import { CrawlAssessor } from './compliance/crawl-assessor';
import { RemediationRechecks } from '../programme/remediation-rechecks';

/** The app's reader of a crawl's domain posture (the worker's); an app without one reads none. */
export const CRAWL_POSTURE_READER = Symbol('CRAWL_POSTURE_READER');

/**
 * AfterCrawl and the alert evaluator it ends with, wired once for every app that ends crawls: the
 * app provides JobQueues, the ComplianceModule (assessor, comparator) and, to read posture,
 * CRAWL_POSTURE_READER.
 */
export const afterCrawlProviders: Provider[] = [
  {
    provide: AlertEvaluator,
    inject: [
      APP_CONFIG,
      AlertsRepository,
      CrawlJobsRepository,
      CrawlChangesRepository,
      VendorsRepository,
      CrawlDomainPostureRepository,
      JobQueues,
    ],
    useFactory: (
      config: AppConfig,
      alerts: AlertsRepository,
      jobs: CrawlJobsRepository,
      changes: CrawlChangesRepository,
      vendors: VendorsRepository,
      domainPosture: CrawlDomainPostureRepository,
      queues: JobQueues,
    ) =>
      new AlertEvaluator(
        alerts,
        jobs,
        changes,
        vendors,
        domainPosture,
        { publicUrl: publicUrl(config), perCrawl: config.ALERT_DELIVERIES_PER_CRAWL },
        (deliveryId) => queues.enqueue('deliverAlert', { deliveryId }),
      ),
  },
  {
    provide: RemediationRechecks,
    inject: [RemediationRequestsRepository, VendorLinksRepository, AuditLogRepository, ComplianceAssessmentsRepository],
    useFactory: (
      requests: RemediationRequestsRepository,
      links: VendorLinksRepository,
      auditLog: AuditLogRepository,
      assessments: ComplianceAssessmentsRepository,
    ) => new RemediationRechecks(requests, links, auditLog, assessments),
  },
  {
    provide: AfterCrawl,
    inject: [
      CrawlAssessor,
      CrawlComparator,
      AlertEvaluator,
      CrawlDomainPostureRepository,
      RemediationRechecks,
      { token: CRAWL_POSTURE_READER, optional: true },
    ],
    useFactory: (
      assessor: CrawlAssessor,
      comparator: CrawlComparator,
      alerts: AlertEvaluator,
      postureFacts: CrawlDomainPostureRepository,
      rechecks: RemediationRechecks,
      posture: CrawlPostureReader | undefined,
    ) => {
      const logger = new Logger(AfterCrawl.name);
      return new AfterCrawl({
        posture: posture ?? null,
        assessor,
        comparator,
        alerts,
        postureFacts,
        rechecks,
        log: { error: (message, error) => logger.error(message, loggableError(error)) },
      });
    },
  },
];
