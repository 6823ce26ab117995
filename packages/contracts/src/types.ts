import type { ComplianceLabel } from './compliance';
import type { CrawlJobStatus, CrawlMethod } from './crawl';

/** Response shapes of the API, shared by the backend and the frontend. Dates travel as ISO strings. */

export interface Vendor {
  id: string;
  name: string;
  url: string;
  description: string;
  /** The domains the user listed, primary first (host names); empty: the registrable domain of the URL alone. */
  domains: string[];
  /** The domain its email and DNS checks read first: the first listed, else the registrable domain of the URL; null with neither. */
  primaryDomain: string | null;
  /** DKIM selectors the user listed; without any, the DKIM check is not applicable. */
  dkimSelectors: string[];
  createdAt: string;
  updatedAt: string;
}

/** A vendor's latest compliance assessment, as the vendor list shows it. */
export interface LatestCompliance {
  reportId: string;
  rate: number;
  label: ComplianceLabel;
}

/** A vendor's most recent crawl, as the vendor list shows it: its state, how far it got, why it failed. */
export interface VendorLastCrawl {
  id: string;
  status: CrawlJobStatus;
  method: CrawlMethod;
  progress: number;
  pagesDone: number;
  pagesPlanned: number;
  /** The technical reason of a failed crawl (explainCrawlFailure words it). */
  error: string | null;
  createdAt: string;
  completionTime: string | null;
}

/**
 * `GET /api/vendors` items: the vendor, its latest compliance assessment (null before the first) and
 * its latest crawl (null before the first).
 */
export interface VendorListItem extends Vendor {
  compliance: LatestCompliance | null;
  lastCrawl: VendorLastCrawl | null;
}

export interface Project {
  id: string;
  name: string;
  description: string;
  createdAt: string;
}

export interface ProjectPage {
  id: string;
  projectId: string;
  title: string;
  order: number;
}

export interface ProjectElement {
  id: string;
  pageId: string;
  type: string;
  content: string;
  order: number;
}

/** Every error the API returns has this body; `errors` lists field problems for a 400. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * Answer of `GET /api/public-config`: what the browser needs to start its auth client.
 * `supabaseUrl` is null when the backend's embedded auth (same origin, /auth/v1) is in use.
 */
export interface PublicConfig {
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  /**
   * What becomes of the sign-up confirmation email: sent (SMTP, or the hosted project's own mail),
   * written to the server's log (development without SMTP), or not sent at all.
   */
  authEmails: AuthEmailDelivery;
}

export const AUTH_EMAIL_DELIVERIES = ['sent', 'logged', 'not-sent'] as const;
export type AuthEmailDelivery = (typeof AUTH_EMAIL_DELIVERIES)[number];

export interface CrawlerConfig {
  id: string;
  name: string;
  type: 'scrapingbee' | 'custom';
  /** Never the whole key: `••••` and its last four characters. */
  apiKeyMasked: string;
  apiEndpoint: string;
  options: Record<string, unknown>;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ScrapingCredits {
  max: number;
  used: number;
  remaining: number;
}

/** `GET /api/scrapingbee/test`: whether the workspace's active configuration reaches ScrapingBee, and its credits. */
export interface ProxyTestResult {
  success: boolean;
  message: string;
  credits: number | null;
}

export interface ConnectionTestResult {
  success: boolean;
  message: string;
  credits: ScrapingCredits | null;
  /** The URL that was called, with the key masked: as sent (encoded) and readable (decoded). */
  testUrl: { encoded: string; decoded: string };
}

export interface ScrapeResult {
  success: boolean;
  message: string;
  pageSource: string | null;
  credits: number | null;
}

/** GET/PUT /api/vendors/:id/crawler-settings. `saved: false` — the defaults with the vendor's URL. */
export interface VendorCrawlerSettings {
  vendorId: string;
  saved: boolean;
  maxPages: number;
  crawlDelay: number;
  startUrls: string[];
  allowedDomains: string[];
  excludePatterns: string[];
  keepQueryParams: string[];
  ignoreSelectors: string[];
  ignoreTextPatterns: string[];
}

/** GET /api/dashboard/summary: the caller's own figures. */
export interface DashboardSummary {
  totalVendors: number;
  crawledVendors: number;
  totalCrawls: number;
  completedCrawls: number;
  /** Mean response time over the caller's answered pages, in ms; null before any page was crawled. */
  averageResponseTime: number | null;
  /** Pages stored over all the caller's crawls (answered or not): the pages their crawl lists show. */
  totalPages: number;
}

/**
 * GET /api/dashboard/charts: the last 30 days (UTC days, oldest first) and response times per vendor.
 * `complianceRate` is the mean rate of the assessments made that day; null on a day without any.
 */
export interface DashboardCharts {
  days: {
    date: string;
    completed: number;
    failed: number;
    cancelled: number;
    pages: number;
    complianceRate: number | null;
  }[];
  responseTimeByVendor: { vendorId: string; vendorName: string; averageMs: number; pages: number }[];
}
