import type { GradeCountKey } from '@vendorwatch/contracts';
import { paths } from '@/config/paths';

/** The vendors list's value for "no tier" and "not graded" (its `none` filter). */
const NONE = 'none';

/** The vendors list filtered to one cell of the matrix: a tier (or none) and a grade (or not graded); either may be left out. */
export const vendorsInCell = (tier: number | null, grade?: GradeCountKey) =>
  paths.app.vendors.getHref({
    tier: tier === null ? NONE : String(tier),
    ...(grade ? { grade: grade === 'ungraded' ? NONE : grade } : {}),
  });

export const vendorsWithReviewStatus = (reviewStatus: string) => paths.app.vendors.getHref({ reviewStatus });

export const remediationRequestsIn = (state: 'open' | 'overdue' | 'responded') =>
  paths.app.remediationRequests.getHref({ state });

export const riskAcceptancesIn = (state: 'pending' | 'active') => paths.app.riskAcceptances.getHref(state);

/** Questionnaires and documents are listed on each vendor's page: their counts open the vendors list. */
export const allVendors = paths.app.vendors.getHref();
