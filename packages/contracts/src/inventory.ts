import { z } from 'zod';
import { gradeSchema } from './grades';
import { isoDateTime } from './schemas/common';

/**
 * What a vendor's site runs and who it shares visitors with, as one crawl saw it: JavaScript libraries
 * matched against the Retire.js vulnerability data, technologies recognised by their fingerprints, and the
 * third parties its pages contacted, named by company. Computed from the crawl's stored page facts with
 * data shipped in packages (never fetched at run time); `dataSources` says which data, of which date.
 */

/** A stored page an inventory entry was seen on. */
export const inventoryPageRefSchema = z.object({ pageId: z.string(), url: z.string() });
export type InventoryPageRef = z.output<typeof inventoryPageRefSchema>;

/** Pages kept per inventory entry (the first ones, in crawl order); `pagesTotal` counts them all. */
export const MAX_INVENTORY_PAGES = 20;

export const ADVISORY_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** One Retire.js advisory that applies to a detected library version. */
export const libraryAdvisorySchema = z.object({
  /** CVE and GHSA identifiers (CVE first); empty when the advisory has none (a bug or issue number only). */
  ids: z.array(z.string()),
  summary: z.string().nullable(),
  severity: z.enum(ADVISORY_SEVERITIES),
  /** The affected range: versions from `atOrAbove` (inclusive, null = every earlier one) up to `below` (exclusive). */
  atOrAbove: z.string().nullable(),
  below: z.string(),
  /** The advisory says the version line is end-of-life (no more security fixes), not a specific hole. */
  endOfLife: z.boolean(),
  /** Links to the advisory, the bug or the fix. */
  info: z.array(z.string()),
});
export type LibraryAdvisory = z.output<typeof libraryAdvisorySchema>;

/** How a library and its version were seen. */
export const LIBRARY_EVIDENCE_KINDS = ['file_name', 'url', 'banner', 'global'] as const;
export type LibraryEvidenceKind = (typeof LIBRARY_EVIDENCE_KINDS)[number];

export const LIBRARY_EVIDENCE_LABELS: Record<LibraryEvidenceKind, string> = {
  file_name: 'script file name',
  url: 'script URL',
  banner: 'version banner at the start of the script',
  global: "the library's own global in the rendered page",
};

export const libraryEvidenceSchema = z.object({
  kind: z.enum(LIBRARY_EVIDENCE_KINDS),
  /** The script URL, or the global read ("jQuery.fn.jquery" and the like, as the detector names the library). */
  source: z.string(),
});
export type LibraryEvidence = z.output<typeof libraryEvidenceSchema>;

/** A JavaScript library and version seen on the vendor's pages, with the advisories that apply to it. */
export const detectedLibrarySchema = z.object({
  /** The Retire.js component id ("jquery", "bootstrap"). */
  component: z.string(),
  /** The npm package, when the data names one (for a package URL in the SBOM). */
  npm: z.string().nullable(),
  version: z.string(),
  evidence: z.array(libraryEvidenceSchema),
  pages: z.array(inventoryPageRefSchema),
  pagesTotal: z.number().int(),
  /** Most severe first; empty when the data knows no hole in this version. */
  advisories: z.array(libraryAdvisorySchema),
  /** The most severe advisory's severity; null without advisories. */
  severity: z.enum(ADVISORY_SEVERITIES).nullable(),
  /**
   * The lowest version that fixes every advisory that is not an end-of-life notice (the highest `below`);
   * null when none applies. An end-of-life line is left by moving to a supported major version.
   */
  fixedVersion: z.string().nullable(),
  /** The data's end-of-life notice for this version, when it has one. */
  endOfLife: z.string().nullable(),
});
export type DetectedLibrary = z.output<typeof detectedLibrarySchema>;

export const TECHNOLOGY_EVIDENCE_KINDS = [
  'header',
  'meta',
  'script',
  'stylesheet',
  'cookie',
  'url',
  'global',
  'implied',
] as const;
export type TechnologyEvidenceKind = (typeof TECHNOLOGY_EVIDENCE_KINDS)[number];

export const technologyEvidenceSchema = z.object({
  kind: z.enum(TECHNOLOGY_EVIDENCE_KINDS),
  /** What matched: "server: nginx/1.18.0", a script URL, "generator: WordPress 6.4.2", a cookie name, or the technology that implies it. */
  value: z.string(),
});
export type TechnologyEvidence = z.output<typeof technologyEvidenceSchema>;

/** A technology recognised on the vendor's site (web server, CMS, framework, library, analytics …). */
export const detectedTechnologySchema = z.object({
  name: z.string(),
  /** The version where the evidence shows one; null otherwise. */
  version: z.string().nullable(),
  /** The fingerprint data's category names ("Web servers", "CMS", "JavaScript libraries"). */
  categories: z.array(z.string()),
  website: z.string().nullable(),
  /** The CPE 2.3 name the data gives, for matching against vulnerability databases. */
  cpe: z.string().nullable(),
  /** The fingerprint data's confidence, 0–100. */
  confidence: z.number(),
  evidence: z.array(technologyEvidenceSchema),
  pages: z.array(inventoryPageRefSchema),
  pagesTotal: z.number().int(),
  /** The vulnerability data's end-of-life notice for this version, when it has one. */
  endOfLife: z.string().nullable(),
});
export type DetectedTechnology = z.output<typeof detectedTechnologySchema>;

/**
 * third-party-web's categories (an unknown host is `unknown`). Trackers are `ad`, `analytics`, `social`
 * and `marketing`.
 */
export const THIRD_PARTY_CATEGORY_LABELS: Record<string, string> = {
  ad: 'Advertising',
  analytics: 'Analytics',
  social: 'Social media',
  marketing: 'Marketing',
  'tag-manager': 'Tag manager',
  cdn: 'CDN',
  hosting: 'Hosting',
  video: 'Video',
  utility: 'Utility (payments, maps, fonts, …)',
  'customer-success': 'Customer support',
  content: 'Content',
  'consent-provider': 'Consent management',
  other: 'Other',
  unknown: 'Unknown',
};

/** A company (or, for a host the data does not know, a registrable domain) the vendor's pages contacted. */
export const thirdPartySchema = z.object({
  /** Stable across vendors: the third-party-web entity name, or `domain:{registrable domain}` for an unknown one. */
  key: z.string(),
  /** The product or service ("Google Analytics"), or the registrable domain when unknown. */
  name: z.string(),
  /** The company behind it ("Google"); null when the data does not know the host. */
  company: z.string().nullable(),
  category: z.string(),
  /** The hosts contacted (at most 20). */
  hosts: z.array(z.string()),
  pages: z.number().int(),
  /** The browser requested it before any consent was given (null when no page was rendered by the browser). */
  requestedBeforeConsent: z.boolean().nullable(),
  /** An advertising, analytics, social or marketing service. */
  tracker: z.boolean(),
  /** The first page that contacted it and the URL it asked for there. */
  example: inventoryPageRefSchema.extend({ resource: z.string() }),
});
export type ThirdParty = z.output<typeof thirdPartySchema>;

/** Where the data that named things came from, so a report can say its date. */
export const inventoryDataSourceSchema = z.object({
  /** What it is used for: "vulnerabilities", "technologies", "third parties". */
  use: z.string(),
  /** The data set ("Retire.js vulnerability repository"). */
  name: z.string(),
  /** The npm package that ships it, and its version. */
  package: z.string(),
  version: z.string(),
  /** When that package version was published (ISO), as recorded by `npm run data:refresh`; null when not recorded. */
  publishedAt: z.string().nullable(),
  licence: z.string(),
});
export type InventoryDataSource = z.output<typeof inventoryDataSourceSchema>;

/** One crawl's software and third parties. */
export const crawlInventorySchema = z.object({
  libraries: z.array(detectedLibrarySchema),
  technologies: z.array(detectedTechnologySchema),
  thirdParties: z.array(thirdPartySchema),
  dataSources: z.array(inventoryDataSourceSchema),
});
export type CrawlInventory = z.output<typeof crawlInventorySchema>;

const vendorRef = z.object({ vendorId: z.string(), vendorName: z.string() });

/** A third party and the vendors of a portfolio that use it. */
export const thirdPartyConcentrationSchema = z.object({
  key: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  category: z.string(),
  tracker: z.boolean(),
  vendorCount: z.number().int(),
  /** vendorCount ÷ the vendors counted, 0–100, one decimal. */
  vendorShare: z.number(),
  vendors: z.array(vendorRef),
});
export type ThirdPartyConcentration = z.output<typeof thirdPartyConcentrationSchema>;

/** A vendor whose pages requested trackers before consent. */
export const vendorTrackingBeforeConsentSchema = vendorRef.extend({
  parties: z.array(z.object({ key: z.string(), name: z.string(), company: z.string().nullable(), category: z.string() })),
});
export type VendorTrackingBeforeConsent = z.output<typeof vendorTrackingBeforeConsentSchema>;

/** Across a set of vendors (each by its latest crawl): who is everywhere, and who tracks before consent. */
export const portfolioThirdPartiesSchema = z
  .object({
    /** Vendors with a crawl inventory; the others are not counted. */
    vendorsCounted: z.number().int(),
    /** Most vendors first, then by name. */
    parties: z.array(thirdPartyConcentrationSchema),
    trackingBeforeConsent: z.array(vendorTrackingBeforeConsentSchema),
    /** Vendors whose latest crawl rendered no page in the browser: whether they track before consent is unknown. */
    consentUnknown: z.array(vendorRef),
  })
  .meta({ id: 'PortfolioThirdParties' });
export type PortfolioThirdParties = z.output<typeof portfolioThirdPartiesSchema>;

/** The vendor and the crawl an inventory comes from, and when that crawl completed (ISO). */
const crawlOf = {
  vendorId: z.uuid(),
  vendorName: z.string(),
  jobId: z.uuid(),
  crawlCompletedAt: isoDateTime.nullable(),
};

/** A vendor's software as its latest assessed crawl saw it (`VendorInventories.software`). */
export const vendorSoftwareSchema = z
  .object({
    ...crawlOf,
    libraries: z.array(detectedLibrarySchema),
    technologies: z.array(detectedTechnologySchema),
    /** Libraries with at least one advisory. */
    vulnerableLibraries: z.number().int(),
    dataSources: z.array(inventoryDataSourceSchema),
  })
  .meta({ id: 'VendorSoftware' });
export type VendorSoftware = z.output<typeof vendorSoftwareSchema>;

/** A vendor's third parties as its latest assessed crawl saw them. */
export const vendorThirdPartiesSchema = z
  .object({ ...crawlOf, thirdParties: z.array(thirdPartySchema), dataSources: z.array(inventoryDataSourceSchema) })
  .meta({ id: 'VendorThirdParties' });
export type VendorThirdPartyList = z.output<typeof vendorThirdPartiesSchema>;

/** One line per vendor for a dashboard or an export: its grade, vulnerable-library count and top third parties. */
export const vendorInventorySummarySchema = z
  .object({
    ...crawlOf,
    overallGrade: gradeSchema,
    vulnerableLibraries: z.number().int(),
    /** The third parties on most of its pages (at most 5), names. */
    topThirdParties: z.array(z.string()),
  })
  .meta({ id: 'VendorInventorySummary' });
export type VendorInventorySummary = z.output<typeof vendorInventorySummarySchema>;

/** Certificates expiring within this many days count on the dashboard (the TLS check warns from the same day). */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;

/**
 * `GET /api/dashboard/posture`: across the workspace's vendors, each by its latest assessed crawl — whose
 * mail can be spoofed, which certificates expire soon, the grade distribution, vulnerable libraries and
 * the third parties at most vendors.
 */
export const dashboardPostureSchema = z
  .object({
    /** Vendors with an assessed crawl: the others are not counted anywhere below. */
    vendorsAssessed: z.number().int(),
    /** Vendors whose primary domain has no DMARC enforcement (no record, p=none, pct under 100). */
    mailSpoofable: z.array(vendorRef.extend({ primaryDomain: z.string().nullable() })),
    /** Vendors whose DMARC lookup went unanswered, or whose domain facts were not read: unknown, not counted as spoofable. */
    mailUnknown: z.number().int(),
    /** HTTPS origins whose certificate expires within `withinDays` (or has expired), soonest first. */
    certificatesExpiring: z.object({
      withinDays: z.number().int(),
      certificates: z.array(
        vendorRef.extend({ origin: z.string(), host: z.string(), validTo: z.string(), daysLeft: z.number().int() }),
      ),
    }),
    /** Vendors per overall letter; `ungraded` when no check could be judged. */
    gradeDistribution: z.object({
      A: z.number().int(),
      B: z.number().int(),
      C: z.number().int(),
      D: z.number().int(),
      F: z.number().int(),
      ungraded: z.number().int(),
    }),
    /** Libraries with a known vulnerability, summed over vendors, and how many vendors run at least one. */
    vulnerableLibraries: z.number().int(),
    vendorsWithVulnerableLibraries: z.number().int(),
    /** The third parties at most vendors (at most 5). */
    topThirdParties: z.array(
      thirdPartyConcentrationSchema.pick({
        key: true,
        name: true,
        company: true,
        category: true,
        vendorCount: true,
        vendorShare: true,
      }),
    ),
  })
  .meta({ id: 'DashboardPosture' });
export type DashboardPosture = z.output<typeof dashboardPostureSchema>;
