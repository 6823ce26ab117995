import { Global, Module, type OnModuleDestroy } from '@nestjs/common';
import {
  ComplianceAssessmentsRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
  RiskAcceptancesRepository,
} from '@vendorwatch/db';
import { CrawlComparator } from '../changes/crawl-comparator';
import { AcceptedStandings } from './accepted-standings';
import { AssessmentPool } from './assessment-pool';
import { CrawlAssessor } from './crawl-assessor';
import { VendorInventories } from './vendor-inventories';

/**
 * The crawl assessor and comparator for the worker (crawls it completes) and the API (re-assessment
 * on request), and the reads of what vendors run and share (VendorInventories). Needs DatabaseModule.
 */
@Global()
@Module({
  providers: [
    { provide: AssessmentPool, useFactory: () => new AssessmentPool() },
    {
      provide: CrawlAssessor,
      inject: [
        CrawlJobsRepository,
        CrawlPagesRepository,
        ComplianceAssessmentsRepository,
        CrawlDomainPostureRepository,
        CrawlInventoriesRepository,
        AssessmentPool,
      ],
      useFactory: (
        jobs: CrawlJobsRepository,
        pages: CrawlPagesRepository,
        assessments: ComplianceAssessmentsRepository,
        domainPosture: CrawlDomainPostureRepository,
        inventories: CrawlInventoriesRepository,
        pool: AssessmentPool,
      ) => new CrawlAssessor(jobs, pages, assessments, domainPosture, inventories, pool),
    },
    {
      provide: AcceptedStandings,
      inject: [RiskAcceptancesRepository, ComplianceAssessmentsRepository],
      useFactory: (acceptances: RiskAcceptancesRepository, assessments: ComplianceAssessmentsRepository) =>
        new AcceptedStandings(acceptances, assessments),
    },
    {
      provide: VendorInventories,
      inject: [CrawlInventoriesRepository, ComplianceAssessmentsRepository, CrawlJobsRepository, AcceptedStandings],
      useFactory: (
        inventories: CrawlInventoriesRepository,
        assessments: ComplianceAssessmentsRepository,
        jobs: CrawlJobsRepository,
        accepted: AcceptedStandings,
      ) => new VendorInventories(inventories, assessments, jobs, accepted),
    },
    {
      provide: CrawlComparator,
      inject: [CrawlJobsRepository, CrawlChangesRepository, ComplianceAssessmentsRepository],
      useFactory: (jobs: CrawlJobsRepository, changes: CrawlChangesRepository, assessments: ComplianceAssessmentsRepository) =>
        new CrawlComparator(jobs, changes, assessments),
    },
  ],
  exports: [CrawlAssessor, CrawlComparator, VendorInventories, AcceptedStandings],
})
export class ComplianceModule implements OnModuleDestroy {
  constructor(private readonly pool: AssessmentPool) {}

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }
}
