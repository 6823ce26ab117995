import {
  ADVISORY_SEVERITIES,
  GRADE_CATEGORIES,
  GRADE_LETTERS,
  LIBRARY_EVIDENCE_KINDS,
  TECHNOLOGY_EVIDENCE_KINDS,
  type AssessmentGrades,
  type DashboardPosture,
  type Grades,
  type PortfolioThirdParties,
  type VendorInventorySummary,
  type VendorSoftware,
  type VendorThirdPartyList,
} from '@vendorwatch/contracts';
import { z } from 'zod';
import { describes, isoDate } from './describes';

/**
 * The answers of a vendor's software, third parties and grades and of the portfolio (issues 31 and
 * 32), checked against their TypeScript types with `describes`.
 */
const pageRef = z.object({ pageId: z.string(), url: z.string() });

const grade = z.object({
  letter: z.enum(GRADE_LETTERS).nullable().meta({ description: 'null when no check of it could be judged' }),
  score: z.number().nullable(),
  checksCounted: z.number().int(),
  cappedBy: z.string().nullable().meta({ description: 'The failed critical check that capped the letter' }),
});

export const gradesSchema = describes<Grades>()(
  z
    .object({
      method: z.string().meta({ description: 'Identifies the published method (docs/methodology.md)' }),
      overall: grade,
      categories: z.array(grade.extend({ category: z.enum(GRADE_CATEGORIES), title: z.string() })),
    })
    .meta({ id: 'Grades' }),
);

export const assessmentGradesSchema = describes<AssessmentGrades>()(
  z
    .object({
      assessmentId: z.uuid(),
      grades: gradesSchema,
      whatIfFixed: z
        .array(
          z.object({
            checkId: z.string(),
            title: z.string(),
            category: z.enum(GRADE_CATEGORIES).nullable(),
            now: z.object({ overall: grade, category: grade.nullable() }),
            ifFixed: z.object({ overall: grade, category: grade.nullable() }),
          }),
        )
        .meta({ description: 'Each failing or warning check, the grades with it passing; largest overall gain first' }),
    })
    .meta({ id: 'AssessmentGrades' }),
);

const dataSource = z.object({
  use: z.string(),
  name: z.string(),
  package: z.string(),
  version: z.string(),
  publishedAt: z.string().nullable(),
  licence: z.string(),
});

const crawlOf = {
  vendorId: z.uuid(),
  vendorName: z.string(),
  jobId: z.uuid(),
  crawlCompletedAt: isoDate.nullable(),
};

const library = z.object({
  component: z.string(),
  npm: z.string().nullable(),
  version: z.string(),
  evidence: z.array(z.object({ kind: z.enum(LIBRARY_EVIDENCE_KINDS), source: z.string() })),
  pages: z.array(pageRef),
  pagesTotal: z.number().int(),
  advisories: z.array(
    z.object({
      ids: z.array(z.string()),
      summary: z.string().nullable(),
      severity: z.enum(ADVISORY_SEVERITIES),
      atOrAbove: z.string().nullable(),
      below: z.string(),
      endOfLife: z.boolean(),
      info: z.array(z.string()),
    }),
  ),
  severity: z.enum(ADVISORY_SEVERITIES).nullable(),
  fixedVersion: z.string().nullable(),
  endOfLife: z.string().nullable(),
});

const technology = z.object({
  name: z.string(),
  version: z.string().nullable(),
  categories: z.array(z.string()),
  website: z.string().nullable(),
  cpe: z.string().nullable(),
  confidence: z.number(),
  evidence: z.array(z.object({ kind: z.enum(TECHNOLOGY_EVIDENCE_KINDS), value: z.string() })),
  pages: z.array(pageRef),
  pagesTotal: z.number().int(),
  endOfLife: z.string().nullable(),
});

export const vendorSoftwareSchema = describes<VendorSoftware>()(
  z
    .object({
      ...crawlOf,
      libraries: z.array(library),
      technologies: z.array(technology),
      vulnerableLibraries: z.number().int(),
      dataSources: z.array(dataSource),
    })
    .meta({ id: 'VendorSoftware' }),
);

const thirdParty = z.object({
  key: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  category: z.string(),
  hosts: z.array(z.string()),
  pages: z.number().int(),
  requestedBeforeConsent: z.boolean().nullable(),
  tracker: z.boolean(),
  example: pageRef.extend({ resource: z.string() }),
});

export const vendorThirdPartiesSchema = describes<VendorThirdPartyList>()(
  z
    .object({ ...crawlOf, thirdParties: z.array(thirdParty), dataSources: z.array(dataSource) })
    .meta({ id: 'VendorThirdParties' }),
);

export const vendorInventorySummarySchema = describes<VendorInventorySummary>()(
  z
    .object({
      ...crawlOf,
      overallGrade: grade,
      vulnerableLibraries: z.number().int(),
      topThirdParties: z.array(z.string()),
    })
    .meta({ id: 'VendorInventorySummary' }),
);

const vendorRef = z.object({ vendorId: z.string(), vendorName: z.string() });

export const portfolioThirdPartiesSchema = describes<PortfolioThirdParties>()(
  z
    .object({
      vendorsCounted: z.number().int(),
      parties: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          company: z.string().nullable(),
          category: z.string(),
          tracker: z.boolean(),
          vendorCount: z.number().int(),
          vendorShare: z.number(),
          vendors: z.array(vendorRef),
        }),
      ),
      trackingBeforeConsent: z.array(
        vendorRef.extend({
          parties: z.array(z.object({ key: z.string(), name: z.string(), company: z.string().nullable(), category: z.string() })),
        }),
      ),
      consentUnknown: z.array(vendorRef),
    })
    .meta({ id: 'PortfolioThirdParties' }),
);

export const dashboardPostureSchema = describes<DashboardPosture>()(
  z
    .object({
      vendorsAssessed: z.number().int(),
      mailSpoofable: z.array(vendorRef.extend({ primaryDomain: z.string().nullable() })),
      mailUnknown: z.number().int(),
      certificatesExpiring: z.object({
        withinDays: z.number().int(),
        certificates: z.array(
          vendorRef.extend({ origin: z.string(), host: z.string(), validTo: z.string(), daysLeft: z.number().int() }),
        ),
      }),
      gradeDistribution: z.object({
        A: z.number().int(),
        B: z.number().int(),
        C: z.number().int(),
        D: z.number().int(),
        F: z.number().int(),
        ungraded: z.number().int(),
      }),
      vulnerableLibraries: z.number().int(),
      vendorsWithVulnerableLibraries: z.number().int(),
      topThirdParties: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          company: z.string().nullable(),
          category: z.string(),
          vendorCount: z.number().int(),
          vendorShare: z.number(),
        }),
      ),
    })
    .meta({ id: 'DashboardPosture' }),
);
