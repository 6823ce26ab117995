import { Module, type DynamicModule } from '@nestjs/common';
import {
  AppConfigModule,
  AppLoggerModule,
  ComplianceModule,
  DatabaseModule,
  SecretsModule,
  type AppConfig,
} from '@vendorwatch/runtime';
import { AlertsModule } from './modules/alerts/alerts.module';
import { ChangesModule } from './modules/changes/changes.module';
import { AccountSessionsModule } from './modules/account-sessions/account-sessions.module';
import { FairUseModule } from './modules/fair-use/fair-use.module';
import { ApiDocsModule } from './modules/api-docs/api-docs.module';
import { AuthServerModule } from './modules/auth-server/auth-server.module';
import { CrawlerConfigsModule } from './modules/crawler-configs/crawler-configs.module';
import { ScrapingBeeModule } from './modules/scrapingbee/scrapingbee.module';
import { CrawlsModule } from './modules/crawls/crawls.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { QueueDashboardModule } from './modules/queue-dashboard/queue-dashboard.module';
import { CrawlerSettingsModule } from './modules/crawler-settings/crawler-settings.module';
import { ProjectsModule } from './modules/projects/projects.module';
import { PublicConfigModule } from './modules/public-config/public-config.module';
import { ReportsModule } from './modules/reports/reports.module';
import { VendorInventoriesModule } from './modules/vendor-inventories/vendor-inventories.module';
import { SchedulesModule } from './modules/schedules/schedules.module';
import { VendorsModule } from './modules/vendors/vendors.module';
import { ProgrammeModule } from './modules/programme/programme.module';
import { AccessModule } from './modules/access/access.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { AuditLogModule } from './modules/audit-log/audit-log.module';
import { SsoModule } from './modules/sso/sso.module';
import { InvitationsModule } from './modules/invitations/invitations.module';
import { MembersModule } from './modules/members/members.module';
import { WorkspacesModule } from './modules/workspaces/workspaces.module';
import { QuestionnairesModule } from './modules/questionnaires/questionnaires.module';
import { RemediationModule } from './modules/remediation/remediation.module';
import { RiskAcceptancesModule } from './modules/risk-acceptances/risk-acceptances.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forConfig(config),
        AppLoggerModule.forRoot(),
        DatabaseModule,
        ComplianceModule,
        SecretsModule,
        FairUseModule,
        AuthServerModule,
        // Teams: the /api guard (who, in which workspace, with what role), and the audit log every change appends to.
        AccessModule,
        AuditLogModule,
        // Single sign-on: workspaces linked to the company's identity provider (issue 42).
        SsoModule,
        WorkspacesModule,
        MembersModule,
        InvitationsModule,
        ApiKeysModule,
        AccountSessionsModule,
        PublicConfigModule,
        VendorsModule,
        // Issue 40: tiers, intake and reviews.
        ProgrammeModule,
        ProjectsModule,
        CrawlerSettingsModule,
        CrawlerConfigsModule,
        ScrapingBeeModule,
        CrawlsModule,
        HealthModule,
        DashboardModule,
        ReportsModule,
        VendorInventoriesModule,
        SchedulesModule,
        ChangesModule,
        AlertsModule,
        RemediationModule,
        RiskAcceptancesModule,
        QuestionnairesModule,
        // Operations: metrics, the queue dashboard and the API's documentation.
        MetricsModule,
        QueueDashboardModule,
        ApiDocsModule,
      ],
    };
  }
}
