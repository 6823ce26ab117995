import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@vendorwatch/contracts';
import { AuditLogRepository, type WorkspaceId } from '@vendorwatch/db';
import type { Actor } from '../access/workspace-context';

/** One entry of the audit log, as whoever records a change describes it. */
export interface AuditRecord {
  workspaceId: WorkspaceId;
  actor: Actor;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  /** What changed; never a secret. */
  summary: Record<string, unknown>;
  clientAddress: string | null;
}

/**
 * Appends to the audit log. Routes do not call it: they declare `@Audited(...)` and the
 * AuditInterceptor calls it. It is here for changes no route makes (phase two may need it for work
 * the worker does on a person's behalf).
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly log: AuditLogRepository) {}

  async append(record: AuditRecord): Promise<void> {
    await this.log.append({
      workspaceId: record.workspaceId,
      actorType: record.actor.type,
      actorId: record.actor.id,
      actorLabel: record.actor.label,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      summary: record.summary,
      clientAddress: record.clientAddress,
    });
  }
}
