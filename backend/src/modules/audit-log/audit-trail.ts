import { Inject, Injectable } from '@nestjs/common';
import type { AuditAction } from '@vendorwatch/contracts';
import { AuditLogRepository, inAmbientTransaction, type DatabaseHandle, type WorkspaceId } from '@vendorwatch/db';
import { DATABASE_HANDLE } from '@vendorwatch/runtime';
import type { Actor } from '../access/workspace-context';

/** Whoever followed a link from an email (an alert address confirmed): no account, known by the address. */
export interface LinkHolder {
  type: 'user';
  id: null;
  label: string;
}

/** One entry of the audit log, as whoever records a change describes it. */
export interface AuditRecord {
  workspaceId: WorkspaceId;
  actor: Actor | LinkHolder;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  /** What changed; never a secret. */
  summary: Record<string, unknown>;
  clientAddress: string | null;
}

/**
 * Appends to the audit log. Routes do not call it: they declare `@Audited(...)` and the
 * AuditInterceptor calls it. `recordWith` is for changes an audited route cannot describe (one made
 * through an emailed link, without a caller).
 */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly log: AuditLogRepository,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  /** Makes `change` and its entry in one transaction; `entryOf` answers null when nothing changed (no entry). */
  async recordWith<T>(change: () => Promise<T>, entryOf: (result: T) => AuditRecord | null): Promise<T> {
    return inAmbientTransaction(this.database.db, async () => {
      const result = await change();
      const entry = entryOf(result);
      if (entry) await this.append(entry);
      return result;
    });
  }

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
