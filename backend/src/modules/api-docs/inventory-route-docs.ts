import { z } from 'zod';
import {
  assessmentGradesSchema,
  dashboardPostureSchema,
  portfolioThirdPartiesSchema,
  vendorInventorySummarySchema,
  vendorSoftwareSchema,
  vendorThirdPartiesSchema,
} from '@vendorwatch/contracts';
import type { RouteDoc } from './route-doc';

const file = (contentType: string) => ({ response: z.string().meta({ format: 'binary' }), contentType, status: 200 });

/** The routes of issues 31 and 32 (what vendors run and share, grades, the portfolio), spread into ROUTE_DOCS. */
export const INVENTORY_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/vendors/:id/software': {
    summary: "The vendor's JavaScript libraries (with advisories) and technologies, from its latest assessed crawl",
    response: vendorSoftwareSchema,
    errors: { 404: 'No such vendor in the workspace, or it has no assessed crawl yet' },
  },
  'GET /api/vendors/:id/sbom': {
    summary: "The vendor's software bill of materials (CycloneDX 1.6 JSON), as a file",
    ...file('application/vnd.cyclonedx+json'),
    errors: { 404: 'No such vendor in the workspace, or it has no assessed crawl yet' },
  },
  'GET /api/vendors/:id/third-parties': {
    summary: "The companies behind the vendor's third-party hosts, with category and whether contacted before consent",
    response: vendorThirdPartiesSchema,
    errors: { 404: 'No such vendor in the workspace, or it has no assessed crawl yet' },
  },
  'GET /api/reports/:id/grades': {
    summary: "An assessment's letter grades per category and overall, and what fixing each failing check would give",
    response: assessmentGradesSchema,
  },
  'GET /api/dashboard/posture': {
    summary:
      "Across the workspace's vendors: spoofable mail, certificates expiring within 30 days, grades, vulnerable libraries, top third parties",
    response: dashboardPostureSchema,
  },
  'GET /api/portfolio/vendors': {
    summary: "Each assessed vendor's overall grade, vulnerable-library count and top third parties",
    response: z.array(vendorInventorySummarySchema),
  },
  'GET /api/portfolio/third-parties': {
    summary: "Third-party concentration across the workspace's vendors and who tracks before consent, filtered",
    response: portfolioThirdPartiesSchema,
  },
  'GET /api/portfolio/third-parties/export': {
    summary: 'The filtered third-party concentration as CSV (portfolio-third-parties-{timestamp}.csv)',
    ...file('text/csv'),
  },
};
