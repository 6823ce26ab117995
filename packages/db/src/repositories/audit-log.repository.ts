import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import { auditLog } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type AuditEntryRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** What the audit log is filtered by; `to` is exclusive. */
export interface AuditFilters {
  /** The actor's id (a user's or a key's). */
  actorId?: string;
  /** The actor's label as recorded (an email address, a key's name), compared case-insensitively. */
  actorLabel?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** Entries of an export are read this many at a time, by keyset, newest first. */
const EXPORT_BATCH = 1000;

/** The audit log: appended to, read by page or in batches, never changed (the database refuses). */
export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  async append(entry: NewAuditEntry): Promise<AuditEntryRow> {
    const [row] = await this.db.insert(auditLog).values(entry).returning();
    return row!;
  }

  async list(
    workspaceId: WorkspaceId,
    filters: AuditFilters,
    page: number,
    limit: number,
  ): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const where = matching(workspaceId, filters);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  /** Every matching entry (at most `maxRows`), newest first, `batchSize` at a time. */
  async *batches(
    workspaceId: WorkspaceId,
    filters: AuditFilters,
    maxRows: number,
    batchSize = EXPORT_BATCH,
  ): AsyncGenerator<AuditEntryRow[]> {
    let after: AuditEntryRow | undefined;
    let left = maxRows;
    while (left > 0) {
      const before = after && or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id)));
      const rows = await this.db
        .select()
        .from(auditLog)
        .where(and(matching(workspaceId, filters), before))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(Math.min(batchSize, left));
      if (rows.length === 0) return;
      yield rows;
      left -= rows.length;
      after = rows[rows.length - 1];
      if (rows.length < batchSize) return;
    }
  }
}

function matching(workspaceId: WorkspaceId, filters: AuditFilters): SQL | undefined {
  return and(
    eq(auditLog.workspaceId, workspaceId),
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.actorLabel ? sql`lower(${auditLog.actorLabel}) = lower(${filters.actorLabel})` : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
  );
}
