import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import {
  AuthMfaChallengesRepository,
  AuthMfaRecoveryCodesRepository,
  AuthMfaFactorsRepository,
  AuthOneTimeTokensRepository,
  AuthRefreshTokensRepository,
  AuthSessionsRepository,
  AuthSigningKeysRepository,
  AlertsRepository,
  ApiKeysRepository,
  AuditLogRepository,
  AuthFlowStatesRepository,
  AuthIdentitiesRepository,
  ComplianceAssessmentsRepository,
  CrawlInventoriesRepository,
  SchedulesRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  CrawlerConfigsRepository,
  CrawlerSettingsRepository,
  CrawlFrontierRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
  DashboardRepository,
  joiningAmbientTransaction,
  openDatabase,
  ProgrammeTiersRepository,
  ProjectsRepository,
  ReportsRepository,
  RiskAcceptancesRepository,
  UsersRepository,
  VendorReviewsRepository,
  VendorsRepository,
  WorkspaceInvitationsRepository,
  WorkspaceMembersRepository,
  WorkspaceSsoRepository,
  WorkspacesRepository,
  VendorLinksRepository,
  RemediationRequestsRepository,
  QuestionnairesRepository,
  type Database,
  type DatabaseHandle,
} from '@vendorwatch/db';
import path from 'node:path';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');
/** The replica of DATABASE_READ_URL, or null: reads then go to the primary. */
export const READ_DATABASE_HANDLE = Symbol('READ_DATABASE_HANDLE');
/** 'api' or 'worker': which statement timeout the connections get. */
const DATABASE_ROLE = Symbol('DATABASE_ROLE');
type DatabaseRole = 'api' | 'worker';

const connectionOptions = (config: AppConfig, role: DatabaseRole) => ({
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  // The API answers 503 rather than hold a request while the pool is full; a worker's crawls wait their turn.
  poolWaitMs: role === 'worker' ? 0 : config.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: role === 'worker' ? config.WORKER_DATABASE_STATEMENT_TIMEOUT_MS : config.DATABASE_STATEMENT_TIMEOUT_MS,
  applicationName: `vendorwatch-${role}`,
});

/** Repositories are plain classes over `Database`; this list makes each of them injectable. */
const REPOSITORIES = [
  VendorsRepository,
  ProjectsRepository,
  CrawlerSettingsRepository,
  CrawlerConfigsRepository,
  UsersRepository,
  AuthSessionsRepository,
  AuthRefreshTokensRepository,
  AuthSigningKeysRepository,
  AuthMfaFactorsRepository,
  AuthMfaChallengesRepository,
  AuthMfaRecoveryCodesRepository,
  AuthOneTimeTokensRepository,
  CrawlJobsRepository,
  CrawlFrontierRepository,
  CrawlPagesRepository,
  ComplianceAssessmentsRepository,
  CrawlInventoriesRepository,
  SchedulesRepository,
  CrawlChangesRepository,
  AlertsRepository,
  CrawlDomainPostureRepository,
  WorkspacesRepository,
  WorkspaceMembersRepository,
  WorkspaceInvitationsRepository,
  ApiKeysRepository,
  AuditLogRepository,
  VendorLinksRepository,
  RemediationRequestsRepository,
  ProgrammeTiersRepository,
  VendorReviewsRepository,
  RiskAcceptancesRepository,
  AuthIdentitiesRepository,
  AuthFlowStatesRepository,
  WorkspaceSsoRepository,
  QuestionnairesRepository,
] as const;

/**
 * Repositories that only read, for screens that aggregate and poll (dashboard, reports and their
 * exports): served by a read replica when DATABASE_READ_URL names one. A few seconds of replication
 * lag suits them; the crawl rows a user just started or cancelled are read from the primary.
 */
const READ_REPOSITORIES = [DashboardRepository, ReportsRepository] as const;

const repositoryProviders: Provider[] = [
  ...REPOSITORIES.map((Repository) => ({
    provide: Repository,
    useFactory: (db: Database) => new Repository(db),
    inject: [DATABASE],
  })),
  ...READ_REPOSITORIES.map((Repository) => ({
    provide: Repository,
    useFactory: (replica: DatabaseHandle | null, db: Database) => new Repository(replica?.db ?? db),
    inject: [READ_DATABASE_HANDLE, DATABASE],
  })),
];

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR.
 * Migrations run before anything else touches the database. Imported as is by the API;
 * `DatabaseModule.forWorker()` gives the workers their longer statement timeout.
 */
@Global()
@Module({
  providers: [
    { provide: DATABASE_ROLE, useValue: 'api' satisfies DatabaseRole },
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG, DATABASE_ROLE],
      useFactory: async (config: AppConfig, role: DatabaseRole): Promise<DatabaseHandle> => {
        const handle = await openDatabase({
          url: config.DATABASE_URL,
          dataDir: path.join(config.DATA_DIR, 'pglite'),
          poolSize: config.DATABASE_POOL_SIZE,
          ...connectionOptions(config, role),
        });
        await handle.migrate();
        return handle;
      },
    },
    // In the API, repositories join an audited request's transaction (see inAmbientTransaction);
    // the workers have none to join, and their per-page writes go straight to the pool.
    {
      provide: DATABASE,
      inject: [DATABASE_HANDLE, DATABASE_ROLE],
      useFactory: (handle: DatabaseHandle, role: DatabaseRole) =>
        role === 'api' ? joiningAmbientTransaction(handle.db) : handle.db,
    },
    {
      provide: READ_DATABASE_HANDLE,
      inject: [APP_CONFIG, DATABASE_ROLE],
      useFactory: async (config: AppConfig, role: DatabaseRole): Promise<DatabaseHandle | null> =>
        config.DATABASE_URL && config.DATABASE_READ_URL
          ? openDatabase({
              url: config.DATABASE_READ_URL,
              poolSize: config.DATABASE_POOL_SIZE,
              ...connectionOptions(config, role),
            })
          : null,
    },
    ...repositoryProviders,
  ],
  exports: [DATABASE_HANDLE, DATABASE, ...REPOSITORIES, ...READ_REPOSITORIES],
})
export class DatabaseModule implements OnApplicationShutdown {
  /** Providers of a dynamic module replace the decorator's of the same token. */
  static forWorker(): DynamicModule {
    return { module: DatabaseModule, providers: [{ provide: DATABASE_ROLE, useValue: 'worker' satisfies DatabaseRole }] };
  }

  constructor(
    @Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle,
    @Inject(READ_DATABASE_HANDLE) private readonly replica: DatabaseHandle | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.handle.close(), this.replica?.close()]);
  }
}
