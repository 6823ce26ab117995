import { Injectable, StreamableFile } from '@nestjs/common';
import {
  auditRangeEnd,
  auditRangeStart,
  LIMITS,
  type AuditEntry,
  type AuditLogFilters,
  type AuditLogPage,
  type AuditLogQuery,
} from '@vendorwatch/contracts';
import { AuditLogRepository, type AuditEntryRow, type AuditFilters } from '@vendorwatch/db';
import type { WorkspaceContext } from '../access/workspace-context';
import { auditLogCsv } from './audit-log-csv';
import { noteForAudit } from './audit-notes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reading the audit log (owners and admins): a page at a time, or every matching entry as CSV. */
@Injectable()
export class AuditLogService {
  constructor(private readonly log: AuditLogRepository) {}

  async list(workspace: WorkspaceContext, query: AuditLogQuery): Promise<AuditLogPage> {
    const { rows, total } = await this.log.list(workspace.workspaceId, filtersOf(query), query.page, query.limit);
    return { items: rows.map(entryOf), total, page: query.page, limit: query.limit };
  }

  /** `audit-log-2026-01-31T120000Z.csv`; the export itself is recorded (the filters it used). */
  async export(workspace: WorkspaceContext, filters: AuditLogFilters, now = new Date()): Promise<StreamableFile> {
    noteForAudit({ filters });
    const body = await auditLogCsv(
      this.log.batches(workspace.workspaceId, filtersOf(filters), LIMITS.workspaces.auditExportMaxRows),
    );
    return new StreamableFile(body, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="audit-log-${now.toISOString().slice(0, 19).replace(/:/g, '')}Z.csv"`,
    });
  }
}

function filtersOf(query: AuditLogFilters): AuditFilters {
  const actor = query.actor;
  return {
    ...(actor && UUID.test(actor) ? { actorId: actor.toLowerCase() } : actor ? { actorLabel: actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.from ? { from: auditRangeStart(query.from) } : {}),
    ...(query.to ? { to: auditRangeEnd(query.to) } : {}),
  };
}

const entryOf = (row: AuditEntryRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorType: row.actorType,
  actorId: row.actorId,
  actorLabel: row.actorLabel,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  targetName: row.targetName,
  summary: row.summary,
  clientAddress: row.clientAddress,
});
