import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { AlertChannelsService } from './alert-channels.service';
import { AlertConfirmationMailer } from './alert-confirmation-mailer';
import { AlertsController } from './alerts.controller';
import { AlertsService } from './alerts.service';

@Module({
  imports: [JobQueuesModule],
  controllers: [AlertsController],
  providers: [AlertsService, AlertChannelsService, AlertConfirmationMailer],
})
export class AlertsModule {}
