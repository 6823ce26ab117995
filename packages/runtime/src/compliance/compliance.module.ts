import { Global, Module } from '@nestjs/common';
import {
  ComplianceAssessmentsRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
} from '@vendorwatch/db';
import { CrawlComparator } from '../changes/crawl-comparator';
import { CrawlAssessor } from './crawl-assessor';

/**
 * The crawl assessor and comparator for the worker (crawls it completes) and the API (re-assessment
 * on request). Needs DatabaseModule.
 */
@Global()
@Module({
  providers: [
    {
      provide: CrawlAssessor,
      inject: [CrawlJobsRepository, CrawlPagesRepository, ComplianceAssessmentsRepository, CrawlDomainPostureRepository],
      useFactory: (
        jobs: CrawlJobsRepository,
        pages: CrawlPagesRepository,
        assessments: ComplianceAssessmentsRepository,
        domainPosture: CrawlDomainPostureRepository,
      ) => new CrawlAssessor(jobs, pages, assessments, domainPosture),
    },
    {
      provide: CrawlComparator,
      inject: [CrawlJobsRepository, CrawlChangesRepository, ComplianceAssessmentsRepository],
      useFactory: (jobs: CrawlJobsRepository, changes: CrawlChangesRepository, assessments: ComplianceAssessmentsRepository) =>
        new CrawlComparator(jobs, changes, assessments),
    },
  ],
  exports: [CrawlAssessor, CrawlComparator],
})
export class ComplianceModule {}
