import type { Grade, GradeLetter } from './grades';

/**
 * What a vendor's site runs and who it shares visitors with, as one crawl saw it: JavaScript libraries
 * matched against the Retire.js vulnerability data, technologies recognised by their fingerprints, and the
 * third parties its pages contacted, named by company. Computed from the crawl's stored page facts with
 * data shipped in packages (never fetched at run time); `dataSources` says which data, of which date.
 */

/** A stored page an inventory entry was seen on. */
export interface InventoryPageRef {
  pageId: string;
  url: string;
}

/** Pages kept per inventory entry (the first ones, in crawl order); `pagesTotal` counts them all. */
export const MAX_INVENTORY_PAGES = 20;

export const ADVISORY_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** One Retire.js advisory that applies to a detected library version. */
export interface LibraryAdvisory {
  /** CVE and GHSA identifiers (CVE first); empty when the advisory has none (a bug or issue number only). */
  ids: string[];
  summary: string | null;
  severity: AdvisorySeverity;
  /** The affected range: versions from `atOrAbove` (inclusive, null = every earlier one) up to `below` (exclusive). */
  atOrAbove: string | null;
  below: string;
  /** The advisory says the version line is end-of-life (no more security fixes), not a specific hole. */
  endOfLife: boolean;
  /** Links to the advisory, the bug or the fix. */
  info: string[];
}

/** How a library and its version were seen. */
export const LIBRARY_EVIDENCE_KINDS = ['file_name', 'url', 'banner', 'global'] as const;
export type LibraryEvidenceKind = (typeof LIBRARY_EVIDENCE_KINDS)[number];

export const LIBRARY_EVIDENCE_LABELS: Record<LibraryEvidenceKind, string> = {
  file_name: 'script file name',
  url: 'script URL',
  banner: 'version banner at the start of the script',
  global: "the library's own global in the rendered page",
};

export interface LibraryEvidence {
  kind: LibraryEvidenceKind;
  /** The script URL, or the global read ("jQuery.fn.jquery" and the like, as the detector names the library). */
  source: string;
}

/** A JavaScript library and version seen on the vendor's pages, with the advisories that apply to it. */
export interface DetectedLibrary {
  /** The Retire.js component id ("jquery", "bootstrap"). */
  component: string;
  /** The npm package, when the data names one (for a package URL in the SBOM). */
  npm: string | null;
  version: string;
  evidence: LibraryEvidence[];
  pages: InventoryPageRef[];
  pagesTotal: number;
  /** Most severe first; empty when the data knows no hole in this version. */
  advisories: LibraryAdvisory[];
  /** The most severe advisory's severity; null without advisories. */
  severity: AdvisorySeverity | null;
  /**
   * The lowest version that fixes every advisory that is not an end-of-life notice (the highest `below`);
   * null when none applies. An end-of-life line is left by moving to a supported major version.
   */
  fixedVersion: string | null;
  /** The data's end-of-life notice for this version, when it has one. */
  endOfLife: string | null;
}

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

export interface TechnologyEvidence {
  kind: TechnologyEvidenceKind;
  /** What matched: "server: nginx/1.18.0", a script URL, "generator: WordPress 6.4.2", a cookie name, or the technology that implies it. */
  value: string;
}

/** A technology recognised on the vendor's site (web server, CMS, framework, library, analytics …). */
export interface DetectedTechnology {
  name: string;
  /** The version where the evidence shows one; null otherwise. */
  version: string | null;
  /** The fingerprint data's category names ("Web servers", "CMS", "JavaScript libraries"). */
  categories: string[];
  website: string | null;
  /** The CPE 2.3 name the data gives, for matching against vulnerability databases. */
  cpe: string | null;
  /** The fingerprint data's confidence, 0–100. */
  confidence: number;
  evidence: TechnologyEvidence[];
  pages: InventoryPageRef[];
  pagesTotal: number;
  /** The vulnerability data's end-of-life notice for this version, when it has one. */
  endOfLife: string | null;
}

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
export interface ThirdParty {
  /** Stable across vendors: the third-party-web entity name, or `domain:{registrable domain}` for an unknown one. */
  key: string;
  /** The product or service ("Google Analytics"), or the registrable domain when unknown. */
  name: string;
  /** The company behind it ("Google"); null when the data does not know the host. */
  company: string | null;
  category: string;
  /** The hosts contacted (at most 20). */
  hosts: string[];
  pages: number;
  /** The browser requested it before any consent was given (null when no page was rendered by the browser). */
  requestedBeforeConsent: boolean | null;
  /** An advertising, analytics, social or marketing service. */
  tracker: boolean;
  /** The first page that contacted it and the URL it asked for there. */
  example: InventoryPageRef & { resource: string };
}

/** Where the data that named things came from, so a report can say its date. */
export interface InventoryDataSource {
  /** What it is used for: "vulnerabilities", "technologies", "third parties". */
  use: string;
  /** The data set ("Retire.js vulnerability repository"). */
  name: string;
  /** The npm package that ships it, and its version. */
  package: string;
  version: string;
  /** When that package version was published (ISO), as recorded by `npm run data:refresh`; null when not recorded. */
  publishedAt: string | null;
  licence: string;
}

/** One crawl's software and third parties. */
export interface CrawlInventory {
  libraries: DetectedLibrary[];
  technologies: DetectedTechnology[];
  thirdParties: ThirdParty[];
  dataSources: InventoryDataSource[];
}

/** A third party and the vendors of a portfolio that use it. */
export interface ThirdPartyConcentration {
  key: string;
  name: string;
  company: string | null;
  category: string;
  tracker: boolean;
  vendorCount: number;
  /** vendorCount ÷ the vendors counted, 0–100, one decimal. */
  vendorShare: number;
  vendors: { vendorId: string; vendorName: string }[];
}

/** A vendor whose pages requested trackers before consent. */
export interface VendorTrackingBeforeConsent {
  vendorId: string;
  vendorName: string;
  parties: { key: string; name: string; company: string | null; category: string }[];
}

/** Across a set of vendors (each by its latest crawl): who is everywhere, and who tracks before consent. */
export interface PortfolioThirdParties {
  /** Vendors with a crawl inventory; the others are not counted. */
  vendorsCounted: number;
  /** Most vendors first, then by name. */
  parties: ThirdPartyConcentration[];
  trackingBeforeConsent: VendorTrackingBeforeConsent[];
  /** Vendors whose latest crawl rendered no page in the browser: whether they track before consent is unknown. */
  consentUnknown: { vendorId: string; vendorName: string }[];
}

/** A vendor's software as its latest assessed crawl saw it (`VendorInventories.software`). */
export interface VendorSoftware {
  vendorId: string;
  vendorName: string;
  /** The crawl it comes from, and when that crawl completed (ISO). */
  jobId: string;
  crawlCompletedAt: string | null;
  libraries: DetectedLibrary[];
  technologies: DetectedTechnology[];
  /** Libraries with at least one advisory. */
  vulnerableLibraries: number;
  dataSources: InventoryDataSource[];
}

/** A vendor's third parties as its latest assessed crawl saw them. */
export interface VendorThirdPartyList {
  vendorId: string;
  vendorName: string;
  jobId: string;
  crawlCompletedAt: string | null;
  thirdParties: ThirdParty[];
  dataSources: InventoryDataSource[];
}

/** One line per vendor for a dashboard or an export: its grade, vulnerable-library count and top third parties. */
export interface VendorInventorySummary {
  vendorId: string;
  vendorName: string;
  jobId: string;
  crawlCompletedAt: string | null;
  overallGrade: Grade;
  vulnerableLibraries: number;
  /** The third parties on most of its pages (at most 5), names. */
  topThirdParties: string[];
}

/** Certificates expiring within this many days count on the dashboard (the TLS check warns from the same day). */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;

/**
 * `GET /api/dashboard/posture`: across the workspace's vendors, each by its latest assessed crawl — whose
 * mail can be spoofed, which certificates expire soon, the grade distribution, vulnerable libraries and
 * the third parties at most vendors.
 */
export interface DashboardPosture {
  /** Vendors with an assessed crawl: the others are not counted anywhere below. */
  vendorsAssessed: number;
  /** Vendors whose primary domain has no DMARC enforcement (no record, p=none, pct under 100). */
  mailSpoofable: { vendorId: string; vendorName: string; primaryDomain: string | null }[];
  /** Vendors whose DMARC lookup went unanswered, or whose domain facts were not read: unknown, not counted as spoofable. */
  mailUnknown: number;
  /** HTTPS origins whose certificate expires within `withinDays` (or has expired), soonest first. */
  certificatesExpiring: {
    withinDays: number;
    certificates: { vendorId: string; vendorName: string; origin: string; host: string; validTo: string; daysLeft: number }[];
  };
  /** Vendors per overall letter; `ungraded` when no check could be judged. */
  gradeDistribution: Record<GradeLetter | 'ungraded', number>;
  /** Libraries with a known vulnerability, summed over vendors, and how many vendors run at least one. */
  vulnerableLibraries: number;
  vendorsWithVulnerableLibraries: number;
  /** The third parties at most vendors (at most 5). */
  topThirdParties: Pick<ThirdPartyConcentration, 'key' | 'name' | 'company' | 'category' | 'vendorCount' | 'vendorShare'>[];
}
