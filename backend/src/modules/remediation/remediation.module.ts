import { Module } from '@nestjs/common';
import { APP_CONFIG, ProgrammeMailer, type AppConfig } from '@vendorwatch/runtime';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { QuestionnairesModule } from '../questionnaires/questionnaires.module';
import { VendorLinksModule } from '../vendor-links/vendor-links.module';
import { RemediationRequestsController, VendorRemediationRequestsController } from './remediation-requests.controller';
import { RemediationRequestsService } from './remediation-requests.service';
import { VendorPortalController } from './vendor-portal.controller';
import { VendorPortalService } from './vendor-portal.service';

/** Remediation requests (issue 40, item 3): the analysts' routes and the vendor portal's. */
@Module({
  imports: [VendorLinksModule, JobQueuesModule, QuestionnairesModule],
  controllers: [VendorRemediationRequestsController, RemediationRequestsController, VendorPortalController],
  providers: [
    RemediationRequestsService,
    VendorPortalService,
    { provide: ProgrammeMailer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new ProgrammeMailer(config) },
  ],
})
export class RemediationModule {}
