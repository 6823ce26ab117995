import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors/vendors.module';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { SchedulesController } from './schedules.controller';
import { SchedulesService } from './schedules.service';

@Module({
  imports: [VendorsModule, JobQueuesModule],
  controllers: [SchedulesController],
  providers: [SchedulesService],
})
export class SchedulesModule {}
