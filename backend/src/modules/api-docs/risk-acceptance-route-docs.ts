import { riskAcceptancePageSchema, riskAcceptanceSchema, vendorRiskAcceptancesSchema } from '@vendorwatch/contracts';
import type { RouteDoc } from './route-doc';

const decided = { 409: 'The acceptance is no longer pending (or no longer pending or active, to revoke)' };

/** Accepted risks (issue 40, item 4). */
export const RISK_ACCEPTANCE_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/vendors/:id/risk-acceptances': {
    summary:
      "Ask to accept a failing or warning check of the vendor's latest assessment until an expiry no later than its tier allows (editors)",
    response: riskAcceptanceSchema,
    errors: { 409: 'The check already has a pending or active acceptance' },
  },
  'GET /api/vendors/:id/risk-acceptances': {
    summary: "The vendor's acceptances, newest first, and the longest its tier allows",
    response: vendorRiskAcceptancesSchema,
  },
  'GET /api/risk-acceptances': {
    summary: "The workspace's acceptances by state (computed when read: approved past its expiry is expired)",
    response: riskAcceptancePageSchema,
  },
  'GET /api/risk-acceptances/:id': { summary: 'One acceptance', response: riskAcceptanceSchema },
  'POST /api/risk-acceptances/:id/approve': {
    summary: 'Approve a pending acceptance (admins and owners other than the requester)',
    response: riskAcceptanceSchema,
    errors: { 403: 'The requester themself, or a role below admin', ...decided },
  },
  'POST /api/risk-acceptances/:id/reject': {
    summary: 'Reject a pending acceptance (admins and owners other than the requester)',
    response: riskAcceptanceSchema,
    errors: { 403: 'The requester themself, or a role below admin', ...decided },
  },
  'POST /api/risk-acceptances/:id/revoke': {
    summary: 'Revoke a pending or active acceptance (admins, owners, or the requester): the check counts again',
    response: riskAcceptanceSchema,
    errors: { 403: 'Neither an admin or owner nor the requester', ...decided },
  },
};
