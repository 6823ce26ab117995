import { Global, Inject, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import {
  AuthMfaChallengesRepository,
  AuthMfaFactorsRepository,
  AuthOneTimeTokensRepository,
  AuthRefreshTokensRepository,
  AuthSessionsRepository,
  AuthSigningKeysRepository,
  ComplianceAssessmentsRepository,
  CrawlerConfigsRepository,
  CrawlerSettingsRepository,
  CrawlFrontierRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
  DashboardRepository,
  openDatabase,
  ProjectsRepository,
  ReportsRepository,
  UsersRepository,
  VendorsRepository,
  type Database,
  type DatabaseHandle,
} from '@vendorwatch/db';
import path from 'node:path';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');

/** Repositories are plain classes over `Database`; this list makes each of them injectable. */
const REPOSITORIES = [
  VendorsRepository,
  ProjectsRepository,
  CrawlerSettingsRepository,
  CrawlerConfigsRepository,
  DashboardRepository,
  UsersRepository,
  AuthSessionsRepository,
  AuthRefreshTokensRepository,
  AuthSigningKeysRepository,
  AuthMfaFactorsRepository,
  AuthMfaChallengesRepository,
  AuthOneTimeTokensRepository,
  CrawlJobsRepository,
  CrawlFrontierRepository,
  CrawlPagesRepository,
  ComplianceAssessmentsRepository,
  ReportsRepository,
] as const;

const repositoryProviders: Provider[] = REPOSITORIES.map((Repository) => ({
  provide: Repository,
  useFactory: (db: Database) => new Repository(db),
  inject: [DATABASE],
}));

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR.
 * Migrations run before anything else touches the database.
 */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabaseHandle> => {
        const handle = await openDatabase({
          url: config.DATABASE_URL,
          dataDir: path.join(config.DATA_DIR, 'pglite'),
          poolSize: config.DATABASE_POOL_SIZE,
        });
        await handle.migrate();
        return handle;
      },
    },
    { provide: DATABASE, inject: [DATABASE_HANDLE], useFactory: (handle: DatabaseHandle) => handle.db },
    ...repositoryProviders,
  ],
  exports: [DATABASE_HANDLE, DATABASE, ...REPOSITORIES],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
