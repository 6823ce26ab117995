import { SetMetadata } from '@nestjs/common';
import type { AuditAction } from '@vendorwatch/contracts';
import { AUDITED } from '../../common/route-metadata';

export { AUDITED };

/** What a route's audit entry records, besides who, when and from where. */
export interface AuditDeclaration {
  action: AuditAction;
  /** What kind of thing changed: 'workspace', 'member', 'vendor' … */
  targetType: string;
  /**
   * Where the changed thing's id is: a route parameter (`{ param: 'userId' }`), the answer's `id`
   * ('result', for what the route creates), or the caller's own id ('caller': someone joining).
   * Without it: the route's last parameter, else the answer's `id`.
   */
  targetId?: { param: string } | 'result' | 'caller';
  /**
   * The request body's fields the summary records. A whitelist, so a secret (a key, a token, a
   * password, a webhook URL) can only reach the log by being named here.
   */
  fields?: readonly string[];
  /** The workspace is the answer's (`workspaceId`, else `id`): a workspace created, an invitation accepted. */
  workspaceFrom?: 'result';
  /**
   * Why the route cannot run in one transaction with its entry (it hands a row to the worker, which
   * must see it committed): the entry is then written just after the change.
   */
  outsideTransaction?: string;
}

/**
 * Declares that a route changes something and how its audit-log entry reads: the AuditInterceptor
 * appends one entry per successful call (after the handler, with the guard's caller and workspace).
 * Services add what only they know (a role before the change) with `noteForAudit`.
 *
 *   @Audited('member.role_change', 'member', { targetId: { param: 'userId' }, fields: ['role'] })
 */
export const Audited = (action: AuditAction, targetType: string, options: Omit<AuditDeclaration, 'action' | 'targetType'> = {}) =>
  SetMetadata(AUDITED, { action, targetType, ...options } satisfies AuditDeclaration);

/** Declares that a route changes nothing worth an entry (a test message, a preview): `reason` is for the reader. */
export const NotAudited = (reason: string) => SetMetadata(AUDITED, { notAudited: reason });

export const isAuditDeclaration = (value: unknown): value is AuditDeclaration =>
  typeof value === 'object' && value !== null && 'action' in value;

/**
 * `outsideTransaction` of the routes that queue, schedule or signal a job: the worker reads the row
 * (a crawl, a schedule) as soon as the job runs, which may be before the request's transaction commits.
 */
export const WORKER_SEES_ROW = 'the worker reads the row as soon as the job is queued, scheduled or signalled';
