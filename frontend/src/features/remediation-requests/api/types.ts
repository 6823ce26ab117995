import type { RemediationCheckStatus, RemediationState } from '@vendorwatch/contracts';

/** Checks a reply may be decided on: the vendor has answered and nothing settled them yet. */
export const AWAITING_DECISION: readonly RemediationCheckStatus[] = ['claimed_fixed', 'compensating_control', 'disputed'];

export const isOpenRequest = (state: RemediationState) => state !== 'closed' && state !== 'cancelled';
