import type { ScheduleRunOutcome, ScheduleSettings } from '@vendorwatch/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../database';
import { schedulePreferences, scheduleRuns, vendorSchedules } from '../schema';

export type VendorScheduleRow = typeof vendorSchedules.$inferSelect;
export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;

/** Vendor schedules, the runs they fired and the user's pause switch; owner-scoped. */
export class SchedulesRepository {
  constructor(private readonly db: Database) {}

  async findOwned(userId: string, vendorId: string): Promise<VendorScheduleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendorSchedules)
      .where(and(eq(vendorSchedules.vendorId, vendorId), eq(vendorSchedules.userId, userId)));
    return row;
  }

  async findByVendor(vendorId: string): Promise<VendorScheduleRow | undefined> {
    const [row] = await this.db.select().from(vendorSchedules).where(eq(vendorSchedules.vendorId, vendorId));
    return row;
  }

  async upsert(userId: string, vendorId: string, values: ScheduleSettings): Promise<VendorScheduleRow> {
    const set = { ...values, updatedAt: new Date() };
    const [row] = await this.db
      .insert(vendorSchedules)
      .values({ ...set, userId, vendorId })
      .onConflictDoUpdate({ target: vendorSchedules.vendorId, set })
      .returning();
    return row!;
  }

  /** The user's schedules that are on (kind other than off). */
  listActiveOwned(userId: string): Promise<VendorScheduleRow[]> {
    return this.db
      .select()
      .from(vendorSchedules)
      .where(and(eq(vendorSchedules.userId, userId), ne(vendorSchedules.kind, 'off')));
  }

  /** Every schedule that is on, with its owner's pause switch: what the job schedulers must match. */
  listAllActive(): Promise<Array<VendorScheduleRow & { paused: boolean }>> {
    return this.db
      .select({ schedule: vendorSchedules, paused: schedulePreferences.paused })
      .from(vendorSchedules)
      .leftJoin(schedulePreferences, eq(schedulePreferences.userId, vendorSchedules.userId))
      .where(ne(vendorSchedules.kind, 'off'))
      .then((rows) => rows.map((row) => ({ ...row.schedule, paused: row.paused ?? false })));
  }

  async isPaused(userId: string): Promise<boolean> {
    const [row] = await this.db.select().from(schedulePreferences).where(eq(schedulePreferences.userId, userId));
    return row?.paused ?? false;
  }

  async setPaused(userId: string, paused: boolean): Promise<void> {
    const set = { paused, updatedAt: new Date() };
    await this.db
      .insert(schedulePreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: schedulePreferences.userId, set });
  }

  /**
   * Claims a fired run: the first caller with this run key gets the row, any later one (a second
   * delivery of the same BullMQ job) gets undefined and must do nothing.
   */
  async claimRun(values: {
    vendorId: string;
    userId: string;
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

  listRunsOwned(userId: string, vendorId: string, limit: number): Promise<ScheduleRunRow[]> {
    return this.db
      .select()
      .from(scheduleRuns)
      .where(and(eq(scheduleRuns.vendorId, vendorId), eq(scheduleRuns.userId, userId)))
      .orderBy(desc(scheduleRuns.scheduledFor), desc(scheduleRuns.createdAt))
      .limit(limit);
  }
}
