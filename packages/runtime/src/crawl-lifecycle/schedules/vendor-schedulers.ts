import type { ScheduledCrawlPayload } from '@vendorwatch/contracts';
import type { VendorScheduleRow } from '@vendorwatch/db';
import type { JobQueues } from '../../queue/job-queues';
import { scheduleRepeat } from './schedule-timing';

const SCHEDULER_PREFIX = 'vendor-schedule:';

/** The BullMQ job scheduler of a vendor's schedule: one per vendor, so upserting it from any process is idempotent. */
export const vendorSchedulerId = (vendorId: string) => `${SCHEDULER_PREFIX}${vendorId}`;

type ScheduleState = Pick<
  VendorScheduleRow,
  'vendorId' | 'userId' | 'kind' | 'minute' | 'time' | 'weekday' | 'cron' | 'everySeconds' | 'timezone'
>;

/** What the schedulers ask of the queue gateway. */
type SchedulerGateway = Pick<JobQueues, 'upsertScheduler' | 'removeScheduler' | 'nextScheduledRun' | 'schedulerIds'>;

/**
 * Keeps the BullMQ job schedulers in step with the schedules in the database (the truth): a schedule
 * that is on and not paused has a scheduler, anything else has none. BullMQ stores each scheduler once
 * in Redis and creates each run's job once, so any number of API and worker processes may call this.
 */
export class VendorSchedulers {
  constructor(private readonly queues: SchedulerGateway) {}

  async apply(schedule: ScheduleState, paused: boolean): Promise<void> {
    const repeat = scheduleRepeat(schedule);
    if (!repeat || paused) {
      await this.remove(schedule.vendorId);
      return;
    }
    const data: ScheduledCrawlPayload = { vendorId: schedule.vendorId, userId: schedule.userId };
    await this.queues.upsertScheduler('scheduledCrawl', vendorSchedulerId(schedule.vendorId), repeat, data);
  }

  async remove(vendorId: string): Promise<void> {
    await this.queues.removeScheduler('scheduledCrawl', vendorSchedulerId(vendorId));
  }

  /**
   * When each of these vendors' next run fires, by vendor id (vendors without a scheduler are absent).
   * Each scheduler is read by its key: a user's list costs their own schedulers, never every tenant's.
   */
  async nextRuns(vendorIds: readonly string[]): Promise<Map<string, Date>> {
    const runs = await Promise.all(vendorIds.map(async (vendorId) => [vendorId, await this.nextRun(vendorId)] as const));
    return new Map(runs.filter((run): run is readonly [string, Date] => run[1] !== null));
  }

  async nextRun(vendorId: string): Promise<Date | null> {
    return this.queues.nextScheduledRun('scheduledCrawl', vendorSchedulerId(vendorId));
  }

  /** Makes Redis match the database: every active schedule upserted, every other vendor scheduler removed. */
  async reconcile(schedules: Array<ScheduleState & { paused: boolean }>): Promise<{ upserted: number; removed: number }> {
    const wanted = new Set<string>();
    let upserted = 0;
    for (const schedule of schedules) {
      if (schedule.paused || !scheduleRepeat(schedule)) continue;
      wanted.add(vendorSchedulerId(schedule.vendorId));
      await this.apply(schedule, false);
      upserted += 1;
    }
    let removed = 0;
    for (const id of await this.queues.schedulerIds('scheduledCrawl')) {
      if (id.startsWith(SCHEDULER_PREFIX) && !wanted.has(id)) {
        await this.queues.removeScheduler('scheduledCrawl', id);
        removed += 1;
      }
    }
    return { upserted, removed };
  }
}
