/**
 * What `GET /api/portal/:token` shows a vendor (issue #40's REST surface): the request and its checks,
 * nothing else of the workspace. The backend's contracts (branch prog-requests) replace these once they land.
 */
export const PORTAL_REPLY_STATUSES = ['fixed', 'compensating_control', 'disputed'] as const;
export type PortalReplyStatus = (typeof PORTAL_REPLY_STATUSES)[number];

export interface PortalEvidence {
  url?: string | null;
  detail: string;
}

export interface PortalReply {
  id?: string;
  status: PortalReplyStatus;
  comment: string;
  createdAt?: string;
}

export interface PortalAttachment {
  id: string;
  name: string;
  size: number;
  sha256: string;
}

export interface PortalCheck {
  checkId: string;
  title: string;
  outcome: string;
  summary: string;
  howToFix: string;
  evidence: PortalEvidence[];
  status: 'open' | 'claimed_fixed' | 'compensating_control' | 'disputed' | 'resolved' | 'accepted';
  replies: PortalReply[];
  attachments?: PortalAttachment[];
  /** The analyst's note when they rejected the last reply. */
  decisionNote?: string | null;
}

export interface PortalRequest {
  workspaceName: string;
  vendorName: string;
  dueAt: string;
  message: string | null;
  state: 'sent' | 'viewed' | 'responded' | 'closed' | 'cancelled';
  overdue?: boolean;
  checks: PortalCheck[];
}

/** Files the vendor may attach, as the server types them by content. */
export const PORTAL_ATTACHMENT = {
  maxBytes: 10 * 1024 * 1024,
  accept: 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg',
} as const;

export const PORTAL_COMMENT_MAX_LENGTH = 4000;
