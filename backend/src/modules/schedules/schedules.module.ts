import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors/vendors.module';
import { ScheduleQueueModule } from '../job-queues/schedule-queue.module';
import { SchedulesController } from './schedules.controller';
import { SchedulesService } from './schedules.service';

@Module({
  imports: [VendorsModule, ScheduleQueueModule],
  controllers: [SchedulesController],
  providers: [SchedulesService],
})
export class SchedulesModule {}
