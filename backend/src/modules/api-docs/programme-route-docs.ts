import { intakeSuggestionSchema, programmeTiersSchema, vendorReviewListSchema, vendorReviewSchema } from '@vendorwatch/contracts';
import type { RouteDoc } from './route-doc';

/** The routes of issue 40's tiers, intake and reviews, spread into ROUTE_DOCS. */
export const PROGRAMME_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/programme/tiers': {
    summary: "The workspace's four tiers: name, review interval (null: none) and longest acceptance; the defaults until saved",
    response: programmeTiersSchema,
  },
  'PUT /api/programme/tiers': {
    summary: 'Save the four tiers (admins and owners)',
    response: programmeTiersSchema,
  },
  'POST /api/vendors/:id/intake': {
    summary: 'Answer the three intake questions: the suggested tier by the published rule, and why; stored on the vendor',
    response: intakeSuggestionSchema,
  },
  'GET /api/vendors/:id/reviews': {
    summary: "The vendor's reviews, newest first",
    response: vendorReviewListSchema,
  },
  'POST /api/vendors/:id/reviews': {
    summary: "Record a review (dated today or earlier): the reviewer, the vendor's grade and latest assessment are kept",
    response: vendorReviewSchema,
  },
};
