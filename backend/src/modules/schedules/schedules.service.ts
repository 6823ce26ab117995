import { Inject, Injectable } from '@nestjs/common';
import {
  LIMITS,
  scheduleInputSchema,
  type ScheduleOverview,
  type ScheduleRun,
  type ScheduleSettings,
  type VendorSchedule,
} from '@vendorwatch/contracts';
import { SchedulesRepository, type ScheduleRunRow, type VendorScheduleRow, type WorkspaceId } from '@vendorwatch/db';
import { APP_CONFIG, scheduleAllowanceProblem, scheduleProblem, type AppConfig } from '@vendorwatch/runtime';
import { BadRequestError } from '../../common/errors';
import { VendorsService } from '../vendors/vendors.service';
import { ScheduleQueueService } from './schedule-queue.service';

/** What a vendor without a saved schedule shows: off, with the form's defaults. */
const DEFAULT_SCHEDULE: ScheduleSettings = scheduleInputSchema.parse({ kind: 'off' });

@Injectable()
export class SchedulesService {
  constructor(
    private readonly schedules: SchedulesRepository,
    private readonly vendors: VendorsService,
    private readonly schedulers: ScheduleQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(workspaceId: WorkspaceId, vendorId: string): Promise<VendorSchedule> {
    await this.vendors.findOrThrow(workspaceId, vendorId);
    const [row, paused] = await Promise.all([this.schedules.find(workspaceId, vendorId), this.schedules.isPaused(workspaceId)]);
    const nextRun = row && row.kind !== 'off' && !paused ? await this.schedulers.nextRun(vendorId) : null;
    return toSchedule(vendorId, row, paused, nextRun);
  }

  /**
   * Saved first (the database is the truth), then the job scheduler follows it. `userId` (who saves)
   * is recorded on a new schedule; its runs start crawls in that person's name.
   */
  async save(workspaceId: WorkspaceId, userId: string, vendorId: string, input: ScheduleSettings): Promise<VendorSchedule> {
    await this.vendors.findOrThrow(workspaceId, vendorId);
    const problem =
      scheduleProblem(input, this.config.SCHEDULE_MIN_INTERVAL_SECONDS) ??
      scheduleAllowanceProblem(input, await this.othersOf(workspaceId, vendorId), this.config);
    if (problem) throw new BadRequestError(problem);
    const row = await this.schedules.upsert(workspaceId, userId, vendorId, input);
    const paused = await this.schedules.isPaused(workspaceId);
    await this.schedulers.apply(row, paused);
    return this.get(workspaceId, vendorId);
  }

  /**
   * The workspace's schedules with their next runs: only its own job schedulers are read from
   * Redis (by vendor id), however many other tenants have.
   */
  async overview(workspaceId: WorkspaceId): Promise<ScheduleOverview> {
    const [rows, paused] = await Promise.all([this.schedules.listActive(workspaceId), this.schedules.isPaused(workspaceId)]);
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

  /** Pausing removes the workspace's job schedulers (nothing fires); resuming puts them back. `userId`: who switched it. */
  async setPaused(workspaceId: WorkspaceId, userId: string, paused: boolean): Promise<ScheduleOverview> {
    await this.schedules.setPaused(workspaceId, userId, paused);
    for (const row of await this.schedules.listActive(workspaceId)) await this.schedulers.apply(row, paused);
    return this.overview(workspaceId);
  }

  /**
   * The workspace's schedules that are on, but the vendor's own (which the one being saved replaces):
   * together they must stay within the crawl-start allowance.
   */
  private async othersOf(workspaceId: WorkspaceId, vendorId: string): Promise<VendorScheduleRow[]> {
    return (await this.schedules.listActive(workspaceId)).filter((row) => row.vendorId !== vendorId);
  }

  async runs(workspaceId: WorkspaceId, vendorId: string): Promise<ScheduleRun[]> {
    await this.vendors.findOrThrow(workspaceId, vendorId);
    return (await this.schedules.listRuns(workspaceId, vendorId, LIMITS.schedule.runsListed)).map(toRun);
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
