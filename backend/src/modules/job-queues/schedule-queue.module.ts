import { Module } from '@nestjs/common';
import { ScheduleQueueService } from './schedule-queue.service';

/** Beside the other queue holders, below both the vendors module (which removes a deleted vendor's scheduler) and the schedules module. */
@Module({ providers: [ScheduleQueueService], exports: [ScheduleQueueService] })
export class ScheduleQueueModule {}
