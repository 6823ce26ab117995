import { Global, Module } from '@nestjs/common';
import { ComplianceAssessmentsRepository, CrawlJobsRepository, CrawlPagesRepository } from '@vendorwatch/db';
import { CrawlAssessor } from './crawl-assessor';

/** The crawl assessor for the worker (crawls it completes) and the API (re-assessment on request). Needs DatabaseModule. */
@Global()
@Module({
  providers: [
    {
      provide: CrawlAssessor,
      inject: [CrawlJobsRepository, CrawlPagesRepository, ComplianceAssessmentsRepository],
      useFactory: (jobs: CrawlJobsRepository, pages: CrawlPagesRepository, assessments: ComplianceAssessmentsRepository) =>
        new CrawlAssessor(jobs, pages, assessments),
    },
  ],
  exports: [CrawlAssessor],
})
export class ComplianceModule {}
