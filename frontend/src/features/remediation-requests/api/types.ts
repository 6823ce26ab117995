/**
 * The remediation-request answers as issue #40's REST surface gives them. The backend's contracts
 * (branch prog-requests) replace these once they land; the shapes here are what the screens read.
 */
export const REMEDIATION_STATES = ['sent', 'viewed', 'responded', 'closed', 'cancelled'] as const;
export type RemediationState = (typeof REMEDIATION_STATES)[number];

export const REMEDIATION_CHECK_STATUSES = [
  'open',
  'claimed_fixed',
  'compensating_control',
  'disputed',
  'resolved',
  'accepted',
] as const;
export type RemediationCheckStatus = (typeof REMEDIATION_CHECK_STATUSES)[number];

export interface RemediationRequest {
  id: string;
  vendorId: string;
  state: RemediationState;
  checkIds: string[];
  contactEmail: string;
  dueAt: string;
  overdue: boolean;
  message?: string | null;
  createdAt?: string;
  /** false when no email server is configured: the link is then handed over by the analyst. */
  emailed?: boolean;
  /** The vendor link, given only when no email carried it. */
  link?: string | null;
}

export interface RemediationReply {
  id?: string;
  status: 'fixed' | 'compensating_control' | 'disputed';
  comment: string;
  createdAt?: string;
}

export interface RemediationAttachment {
  id: string;
  name: string;
  size: number;
  sha256: string;
  createdAt?: string;
}

export interface RemediationCheck {
  checkId: string;
  title: string;
  status: RemediationCheckStatus;
  replies: RemediationReply[];
  attachments: RemediationAttachment[];
  /** The note of the analyst's last decision (a rejection's reason is shown to the vendor). */
  decisionNote?: string | null;
}

export interface RemediationEvent {
  id?: string;
  type: string;
  at?: string;
  createdAt?: string;
  detail?: string | null;
}

export interface RemediationRequestDetail extends RemediationRequest {
  checks: RemediationCheck[];
  events?: RemediationEvent[];
}

export interface RemediationRequestPage {
  items: RemediationRequest[];
  total: number;
}

export interface CreateRemediationRequestInput {
  checkIds: string[];
  contactEmail: string;
  dueAt: string;
  message?: string;
}

export type RemediationDecision = 'accept' | 'reject';

/** Limits the form applies before the API does. */
export const REMEDIATION_LIMITS = { messageMaxLength: 4000, noteMaxLength: 2000, emailMaxLength: 254 } as const;

/** Checks a reply may be decided on: the vendor has answered and nothing settled them yet. */
export const AWAITING_DECISION: readonly RemediationCheckStatus[] = ['claimed_fixed', 'compensating_control', 'disputed'];

export const isOpenRequest = (state: RemediationState) => state !== 'closed' && state !== 'cancelled';
