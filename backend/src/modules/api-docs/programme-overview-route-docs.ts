import { programmeOverviewSchema } from '@vendorwatch/contracts';
import { z } from 'zod';
import type { RouteDoc } from './route-doc';

/** The routes of issue 40, item 6 (where people look), spread into ROUTE_DOCS. */
export const PROGRAMME_OVERVIEW_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/programme/overview': {
    summary:
      'Vendors by tier and overall grade, review statuses, open remediation requests, accepted risks, questionnaires and expiring documents',
    response: programmeOverviewSchema,
  },
  'GET /api/vendors/:id/profile.pdf': {
    summary: 'The vendor’s risk profile as a PDF (risk-profile-{vendor}-{date}.pdf)',
    status: 200,
    response: z.string().meta({ format: 'binary' }),
    contentType: 'application/pdf',
    description:
      'Tier and why, owner and contacts, current grades, review status and history, open remediation requests with their checks’ states, active accepted risks, the latest questionnaire’s score and contradictions, and the vendor’s documents with their validity.',
  },
};
