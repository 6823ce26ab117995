import { and, count, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import { auditLog } from '../schema';
import type { WorkspaceId } from '../workspace-id';

/** An entry as read: the row, and its target's name where it can still be told. */
export type AuditEntryRow = typeof auditLog.$inferSelect & { targetName: string | null };
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** What the audit log is filtered by; `to` is exclusive. */
export interface AuditFilters {
  /** The actor's id (a user's or a key's). */
  actorId?: string;
  /** The actor's label as recorded (an email address, a key's name), compared case-insensitively. */
  actorLabel?: string;
  /** An action or the start of one: `vendor` matches vendor.create, vendor.delete, … */
  action?: string;
  from?: Date;
  to?: Date;
}

/** Entries of an export are read this many at a time, by keyset, newest first. */
const EXPORT_BATCH = 1000;

/** The audit log: appended to, read by page or in batches, never changed (the database refuses). */
export class AuditLogRepository {
  constructor(private readonly db: Database) {}

  async append(entry: NewAuditEntry): Promise<typeof auditLog.$inferSelect> {
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
        .select(ENTRY_COLUMNS)
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
        .select(ENTRY_COLUMNS)
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

/**
 * The target's name now (a vendor's, a key's, a member's email…), read from its table within the
 * entry's workspace; for a target since deleted, the name or email the entry recorded, if any.
 */
// Columns named in full: the select reads one table, so drizzle would leave them unqualified inside the subqueries.
const targetName = sql<string | null>`coalesce(case audit_log.target_type
  when 'vendor' then (select v.name from vendors v where v.id::text = audit_log.target_id and v.workspace_id = audit_log.workspace_id)
  when 'crawl' then (select v.name from crawl_jobs j join vendors v on v.id = j.vendor_id
    where j.id::text = audit_log.target_id and v.workspace_id = audit_log.workspace_id)
  when 'report' then (select v.name from vendors v where v.id::text = audit_log.target_id and v.workspace_id = audit_log.workspace_id)
  when 'member' then (select u.email from users u join workspace_members m on m.user_id = u.id
    where u.id::text = audit_log.target_id and m.workspace_id = audit_log.workspace_id)
  when 'api_key' then (select k.name from api_keys k where k.id::text = audit_log.target_id and k.workspace_id = audit_log.workspace_id)
  when 'alert_channel' then (select c.name from alert_channels c where c.id::text = audit_log.target_id and c.workspace_id = audit_log.workspace_id)
  when 'crawler_config' then (select c.name from crawler_configs c where c.id::text = audit_log.target_id and c.workspace_id = audit_log.workspace_id)
  when 'project' then (select p.name from projects p where p.id::text = audit_log.target_id and p.workspace_id = audit_log.workspace_id)
  when 'invitation' then (select i.email from workspace_invitations i where i.id::text = audit_log.target_id and i.workspace_id = audit_log.workspace_id)
  when 'workspace' then (select w.name from workspaces w where w.id::text = audit_log.target_id)
  end, audit_log.summary->>'name', audit_log.summary->>'email')`;

const ENTRY_COLUMNS = { ...getTableColumns(auditLog), targetName };

/** Actions that start with the text (`vendor` → vendor.create, vendor.delete…); `_` is literal, unlike in LIKE. */
const actionMatching = (action: string): SQL => sql`starts_with(${auditLog.action}, ${action})`;

function matching(workspaceId: WorkspaceId, filters: AuditFilters): SQL | undefined {
  return and(
    eq(auditLog.workspaceId, workspaceId),
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.actorLabel ? sql`lower(${auditLog.actorLabel}) = lower(${filters.actorLabel})` : undefined,
    filters.action ? actionMatching(filters.action) : undefined,
    filters.from ? gte(auditLog.at, filters.from) : undefined,
    filters.to ? lt(auditLog.at, filters.to) : undefined,
  );
}
