import {
  isOpenRemediationState,
  type RemediationAttachment,
  type RemediationEvent,
  type RemediationReply,
  type RemediationRequestSummary,
} from '@vendorwatch/contracts';
import type {
  RemediationAttachmentRow,
  RemediationEventRow,
  RemediationReplyRow,
  RemediationRequestListRow,
  RemediationRequestRow,
} from '@vendorwatch/db';

/** Open past its due date at `now`: computed when read, never stored. */
export const isOverdue = (request: Pick<RemediationRequestRow, 'state' | 'dueAt'>, now: Date): boolean =>
  isOpen(request) && request.dueAt.getTime() < now.getTime();

export const isOpen = (request: Pick<RemediationRequestRow, 'state'>): boolean => isOpenRemediationState(request.state);

export const summaryOf = (row: RemediationRequestListRow, now: Date): RemediationRequestSummary => ({
  id: row.id,
  vendorId: row.vendorId,
  vendorName: row.vendorName,
  state: row.state,
  checkIds: row.checkIds,
  contactEmail: row.contactEmail,
  dueAt: row.dueAt.toISOString(),
  overdue: isOverdue(row, now),
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByLabel || null,
  awaitingReview: row.awaitingReview,
});

export const replyOf = (row: RemediationReplyRow): RemediationReply => ({
  id: row.id,
  author: row.author,
  status: row.status,
  decision: row.decision,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
});

export const attachmentOf = (row: RemediationAttachmentRow): RemediationAttachment => ({
  id: row.id,
  checkId: row.checkId,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  contentType: row.contentType,
  createdAt: row.createdAt.toISOString(),
});

export const eventOf = (row: RemediationEventRow): RemediationEvent => ({
  id: row.id,
  type: row.type,
  at: row.at.toISOString(),
  actor: row.actor,
  detail: row.detail,
});

/** Groups rows by their check. */
export function byCheck<T extends { checkId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.checkId, [...(grouped.get(row.checkId) ?? []), row]);
  return grouped;
}
