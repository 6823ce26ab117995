import { Module } from '@nestjs/common';
import { ScheduleQueueModule } from '../job-queues/schedule-queue.module';
import { VendorsController } from './vendors.controller';
import { VendorsService } from './vendors.service';

@Module({
  imports: [ScheduleQueueModule],
  controllers: [VendorsController],
  providers: [VendorsService],
  exports: [VendorsService],
})
export class VendorsModule {}
