import { Global, Module, type DynamicModule } from '@nestjs/common';
import {
  CrawlerConfigsRepository,
  CrawlFrontierRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
  type DatabaseHandle,
} from '@vendorwatch/db';
import { DATABASE, DATABASE_HANDLE } from '@vendorwatch/runtime';

const REPOSITORIES = [CrawlJobsRepository, CrawlFrontierRepository, CrawlPagesRepository, CrawlerConfigsRepository] as const;

/**
 * The database of another application in the same process (the backend's), for running a worker
 * beside it: PGlite cannot be opened twice. Its owner migrates and closes it; this module does neither.
 */
@Global()
@Module({})
export class SharedDatabaseModule {
  static forHandle(handle: DatabaseHandle): DynamicModule {
    return {
      module: SharedDatabaseModule,
      providers: [
        { provide: DATABASE_HANDLE, useValue: handle },
        { provide: DATABASE, useValue: handle.db },
        ...REPOSITORIES.map((Repository) => ({ provide: Repository, useValue: new Repository(handle.db) })),
      ],
      exports: [DATABASE_HANDLE, DATABASE, ...REPOSITORIES],
    };
  }
}
