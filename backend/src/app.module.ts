import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AppConfigModule, AppLoggerModule, DatabaseModule, SecretsModule } from '@vendorwatch/runtime';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { AuthModule } from './modules/auth/auth.module';
import { CrawlerConfigsModule } from './modules/crawler-configs/crawler-configs.module';
import { ScrapingBeeModule } from './modules/scrapingbee/scrapingbee.module';
import { CrawlsModule } from './modules/crawls/crawls.module';
import { HealthModule } from './modules/health/health.module';
import { CrawlerSettingsModule } from './modules/crawler-settings/crawler-settings.module';
import { ProjectsModule } from './modules/projects/projects.module';
import { PublicConfigModule } from './modules/public-config/public-config.module';
import { VendorsModule } from './modules/vendors/vendors.module';

@Module({})
export class AppModule {
  /** `configOverrides` lets tests start the real application with their own database and queue prefix. */
  static forRoot(configOverrides: Record<string, string | undefined> = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(configOverrides),
        AppLoggerModule.forRoot(),
        DatabaseModule,
        SecretsModule,
        AuthModule,
        PublicConfigModule,
        VendorsModule,
        ProjectsModule,
        CrawlerSettingsModule,
        CrawlerConfigsModule,
        ScrapingBeeModule,
        CrawlsModule,
        HealthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
