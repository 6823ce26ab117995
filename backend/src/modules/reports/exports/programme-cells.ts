import type { VendorProgrammeFact } from '../../programme/overview/vendor-programme-facts';

/** A day as the exports print one alone: `2026-11-01`. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What the CSV and the workbook say of a vendor's programme (issue 40): its tier, review status, next
 * review, open remediation requests and active accepted risks; blank for an outcome of no vendor.
 */
export function programmeCells(fact: VendorProgrammeFact | undefined) {
  return {
    tier: fact?.tier ?? '',
    reviewStatus: fact?.reviewStatusLabel ?? '',
    nextReviewAt: fact?.nextReviewAt ?? null,
    openRequests: fact?.openRequests ?? null,
    activeAcceptances: fact?.activeAcceptances ?? null,
  };
}

/** The CSV's five cells, in its column order (the next review as a day). */
export function programmeCsvCells(fact: VendorProgrammeFact | undefined): (string | number)[] {
  const cells = programmeCells(fact);
  return [
    cells.tier,
    cells.reviewStatus,
    cells.nextReviewAt ? day(cells.nextReviewAt) : '',
    cells.openRequests ?? '',
    cells.activeAcceptances ?? '',
  ];
}

/** One line under a vendor's name in the PDF. */
export function programmeLine(fact: VendorProgrammeFact): string {
  const next = fact.nextReviewAt ? `, next review ${day(fact.nextReviewAt)}` : '';
  return [
    `Tier: ${fact.tier || 'none'}`,
    `Review: ${fact.reviewStatusLabel}${next}`,
    `Open requests: ${fact.openRequests}`,
    `Active acceptances: ${fact.activeAcceptances}`,
  ].join(' · ');
}
