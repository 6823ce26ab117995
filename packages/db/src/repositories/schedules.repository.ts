import type { ScheduleRunOutcome, ScheduleSettings } from '@vendorwatch/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../database';
import { schedulePreferences, scheduleRuns, vendorSchedules } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type VendorScheduleRow = typeof vendorSchedules.$inferSelect;
export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;

/**
 * Vendor schedules, the runs they fired and the workspace's pause switch; workspace-scoped. A
 * schedule's `user_id` is who first saved it: its job scheduler fires in that person's name (their
 * crawl-start allowance), whoever changes it later.
 */
export class SchedulesRepository {
  constructor(private readonly db: Database) {}

  async find(workspaceId: WorkspaceId, vendorId: string): Promise<VendorScheduleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendorSchedules)
      .where(and(eq(vendorSchedules.vendorId, vendorId), eq(vendorSchedules.workspaceId, workspaceId)));
    return row;
  }

  async findByVendor(vendorId: string): Promise<VendorScheduleRow | undefined> {
    const [row] = await this.db.select().from(vendorSchedules).where(eq(vendorSchedules.vendorId, vendorId));
    return row;
  }

  async upsert(workspaceId: WorkspaceId, userId: string, vendorId: string, values: ScheduleSettings): Promise<VendorScheduleRow> {
    const set = { ...values, updatedAt: new Date() };
    const [row] = await this.db
      .insert(vendorSchedules)
      .values({ ...set, userId, workspaceId, vendorId })
      .onConflictDoUpdate({ target: vendorSchedules.vendorId, set })
      .returning();
    return row!;
  }

  /** The workspace's schedules that are on (kind other than off). */
  listActive(workspaceId: WorkspaceId): Promise<VendorScheduleRow[]> {
    return this.db
      .select()
      .from(vendorSchedules)
      .where(and(eq(vendorSchedules.workspaceId, workspaceId), ne(vendorSchedules.kind, 'off')));
  }

  /** Every schedule that is on, with its workspace's pause switch: what the job schedulers must match. */
  listAllActive(): Promise<Array<VendorScheduleRow & { paused: boolean }>> {
    return this.db
      .select({ schedule: vendorSchedules, paused: schedulePreferences.paused })
      .from(vendorSchedules)
      .leftJoin(schedulePreferences, eq(schedulePreferences.workspaceId, vendorSchedules.workspaceId))
      .where(ne(vendorSchedules.kind, 'off'))
      .then((rows) => rows.map((row) => ({ ...row.schedule, paused: row.paused ?? false })));
  }

  async isPaused(workspaceId: WorkspaceId): Promise<boolean> {
    const [row] = await this.db.select().from(schedulePreferences).where(eq(schedulePreferences.workspaceId, workspaceId));
    return row?.paused ?? false;
  }

  /** Sets the workspace's pause switch, recording `userId` as who set it. */
  async setPaused(workspaceId: WorkspaceId, userId: string, paused: boolean): Promise<void> {
    const set = { paused, userId, updatedAt: new Date() };
    await this.db
      .insert(schedulePreferences)
      .values({ workspaceId, ...set })
      .onConflictDoUpdate({ target: schedulePreferences.workspaceId, set });
  }

  /**
   * Claims a fired run: the first caller with this run key gets the row, any later one (a second
   * delivery of the same BullMQ job) gets undefined and must do nothing.
   */
  async claimRun(values: {
    vendorId: string;
    userId: string;
    workspaceId: WorkspaceId;
    runKey: string;
    scheduledFor: Date;
  }): Promise<ScheduleRunRow | undefined> {
    const [row] = await this.db
      .insert(scheduleRuns)
      .values({ ...values, outcome: 'started' })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async recordRun(id: string, outcome: ScheduleRunOutcome, reason: string | null, crawlJobId: string | null): Promise<void> {
    await this.db.update(scheduleRuns).set({ outcome, reason, crawlJobId }).where(eq(scheduleRuns.id, id));
  }

  listRuns(workspaceId: WorkspaceId, vendorId: string, limit: number): Promise<ScheduleRunRow[]> {
    return this.db
      .select()
      .from(scheduleRuns)
      .where(and(eq(scheduleRuns.vendorId, vendorId), eq(scheduleRuns.workspaceId, workspaceId)))
      .orderBy(desc(scheduleRuns.scheduledFor), desc(scheduleRuns.createdAt))
      .limit(limit);
  }
}
