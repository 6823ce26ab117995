import { Inject, Injectable } from '@nestjs/common';
import {
  LIMITS,
  scheduleInputSchema,
  type ScheduleOverview,
  type ScheduleRun,
  type ScheduleSettings,
  type VendorSchedule,
} from '@vendorwatch/contracts';
import { SchedulesRepository, type ScheduleRunRow, type VendorScheduleRow } from '@vendorwatch/db';
import { APP_CONFIG, scheduleAllowanceProblem, scheduleProblem, VendorSchedulers, type AppConfig } from '@vendorwatch/runtime';
import { BadRequestError } from '../../common/errors';
import { VendorsService } from '../vendors/vendors.service';

/** What a vendor without a saved schedule shows: off, with the form's defaults. */
const DEFAULT_SCHEDULE: ScheduleSettings = scheduleInputSchema.parse({ kind: 'off' });

@Injectable()
export class SchedulesService {
  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly vendors: VendorsService,
    private readonly schedulers: VendorSchedulers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(userId: string, vendorId: string): Promise<VendorSchedule> {
    await this.vendors.findOwnedOrThrow(userId, vendorId);
    const [row, paused] = await Promise.all([this.schedules.findOwned(userId, vendorId), this.schedules.isPaused(userId)]);
    const nextRun = row && row.kind !== 'off' && !paused ? await this.schedulers.nextRun(vendorId) : null;
    return toSchedule(vendorId, row, paused, nextRun);
  }

  /** Saved first (the database is the truth), then the job scheduler follows it. */
  async save(userId: string, vendorId: string, input: ScheduleSettings): Promise<VendorSchedule> {
    await this.vendors.findOwnedOrThrow(userId, vendorId);
    const problem =
      scheduleProblem(input, this.config.SCHEDULE_MIN_INTERVAL_SECONDS) ??
      scheduleAllowanceProblem(input, await this.othersOf(userId, vendorId), this.config);
    if (problem) throw new BadRequestError(problem);
    const row = await this.schedules.upsert(userId, vendorId, input);
    const paused = await this.schedules.isPaused(userId);
    await this.schedulers.apply(row, paused);
    return this.get(userId, vendorId);
  }

  /**
   * The user's schedules with their next runs: only the user's own job schedulers are read from
   * Redis (by vendor id), however many other tenants have.
   */
  async overview(userId: string): Promise<ScheduleOverview> {
    const [rows, paused] = await Promise.all([this.schedules.listActiveOwned(userId), this.schedules.isPaused(userId)]);
    const next = paused ? new Map<string, Date>() : await this.schedulers.nextRuns(rows.map((row) => row.vendorId));
    return {
      paused,
      schedules: rows.map((row) => ({
        vendorId: row.vendorId,
        kind: row.kind,
        nextRunAt: paused ? null : (next.get(row.vendorId)?.toISOString() ?? null),
      })),
    };
  }

  /** Pausing removes the user's job schedulers (nothing fires); resuming puts them back. */
  async setPaused(userId: string, paused: boolean): Promise<ScheduleOverview> {
    await this.schedules.setPaused(userId, paused);
    for (const row of await this.schedules.listActiveOwned(userId)) await this.schedulers.apply(row, paused);
    return this.overview(userId);
  }

  /** The user's schedules that are on, but the vendor's own (which the one being saved replaces). */
  private async othersOf(userId: string, vendorId: string): Promise<VendorScheduleRow[]> {
    return (await this.schedules.listActiveOwned(userId)).filter((row) => row.vendorId !== vendorId);
  }

  async runs(userId: string, vendorId: string): Promise<ScheduleRun[]> {
    await this.vendors.findOwnedOrThrow(userId, vendorId);
    return (await this.schedules.listRunsOwned(userId, vendorId, LIMITS.schedule.runsListed)).map(toRun);
  }
}

function toSchedule(vendorId: string, row: VendorScheduleRow | undefined, paused: boolean, nextRun: Date | null): VendorSchedule {
  const settings: ScheduleSettings = row
    ? {
        kind: row.kind,
        minute: row.minute,
        time: row.time,
        weekday: row.weekday,
        cron: row.cron,
        everySeconds: row.everySeconds,
        timezone: row.timezone,
        method: row.method,
        settings: { ...DEFAULT_SCHEDULE.settings, ...row.settings },
      }
    : DEFAULT_SCHEDULE;
  return {
    vendorId,
    ...settings,
    paused,
    nextRunAt: nextRun?.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

const toRun = (row: ScheduleRunRow): ScheduleRun => ({
  id: row.id,
  scheduledFor: row.scheduledFor.toISOString(),
  outcome: row.outcome,
  reason: row.reason,
  crawlJobId: row.crawlJobId,
  createdAt: row.createdAt.toISOString(),
});
