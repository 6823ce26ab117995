import { Module } from '@nestjs/common';
import { ScheduleQueueService } from './schedule-queue.service';

/** Apart from SchedulesModule so that the vendors module can remove a deleted vendor's scheduler. */
@Module({ providers: [ScheduleQueueService], exports: [ScheduleQueueService] })
export class ScheduleQueueModule {}
