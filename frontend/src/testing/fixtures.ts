import {
  complianceLabel,
  GRADE_CATEGORIES,
  GRADE_CATEGORY_TITLES,
  type CheckResult,
  type GradeCategory,
  type GradeLetter,
  type Grades,
  type CrawlJob,
  type CrawlPage,
  type DashboardCharts,
  type DashboardSummary,
  type Paginated,
  type ReportDetail,
  type ReportsOverview,
  type ReportSummary,
  type VendorCompliance,
  type VendorListItem,
  type VendorListPage,
  type Workspace,
} from '@vendorwatch/contracts';

export const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
export const WORKSPACE_ID = '22222222-2222-4222-8222-222222222222';

/** The signed-in user's personal workspace, where they are owner; tests override the role or name. */
export const workspace = (extra: Partial<Workspace> = {}): Workspace => ({
  id: WORKSPACE_ID,
  name: 'Ann',
  role: 'owner',
  personal: true,
  ...extra,
});

/** A crawl job of vendor Alpha; tests override what they look at. */
export const crawlJob = (extra: Partial<CrawlJob> = {}): CrawlJob => ({
  id: 'job-1',
  vendorId: VENDOR_ID,
  vendorName: 'Alpha',
  sessionId: null,
  method: 'puppeteer',
  status: 'running',
  targetUrl: 'https://alpha.example',
  progress: 0,
  pagesDone: 0,
  pagesPlanned: 100,
  pagesAnswered: 0,
  creditsUsed: 0,
  error: null,
  settings: {},
  reportId: null,
  createdAt: '2025-01-01T00:00:00Z',
  startTime: '2025-01-01T00:00:01Z',
  completionTime: null,
  ...extra,
});

export const crawlPage = (extra: Partial<CrawlPage> = {}): CrawlPage => ({
  id: 'page-1',
  jobId: 'job-1',
  url: 'https://alpha.example/',
  finalUrl: null,
  statusCode: 200,
  contentType: 'text/html',
  title: 'Home',
  description: null,
  responseTimeMs: 120,
  contentHash: null,
  linksCount: 3,
  securityHeaders: {},
  redirectChain: [],
  screenshotUrl: null,
  error: null,
  readBy: null,
  fetchedAt: '2025-01-01T00:00:02Z',
  ...extra,
});

export const paginated = <T>(items: T[], extra: Partial<Paginated<T>> = {}): Paginated<T> => ({
  items,
  total: items.length,
  page: 1,
  limit: 20,
  ...extra,
});

export const dashboardSummary = (extra: Partial<DashboardSummary> = {}): DashboardSummary => ({
  totalVendors: 0,
  crawledVendors: 0,
  totalCrawls: 0,
  completedCrawls: 0,
  averageResponseTime: null,
  totalPages: 0,
  ...extra,
});

/** 30 UTC days ending 2025-01-30, with nothing crawled unless a day is given. */
export const dashboardCharts = (extra: Partial<DashboardCharts> = {}): DashboardCharts => ({
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    completed: 0,
    failed: 0,
    cancelled: 0,
    pages: 0,
    complianceRate: null,
  })),
  responseTimeByVendor: [],
  ...extra,
});

/** An assessment of vendor Alpha at 92.5 %; tests override what they look at. */
export const reportSummary = (extra: Partial<ReportSummary> = {}): ReportSummary => {
  const rate = extra.rate ?? 92.5;
  return {
    id: 'report-1',
    jobId: 'job-1',
    vendorId: VENDOR_ID,
    vendorName: 'Alpha',
    method: 'puppeteer',
    targetUrl: 'https://alpha.example/',
    assessedAt: '2025-01-30T12:00:00Z',
    crawlCompletedAt: '2025-01-30T11:59:00Z',
    rate,
    label: complianceLabel(rate),
    counts: { pass: 11, fail: 1, warn: 0, notApplicable: 1 },
    failures: { critical: 0, high: 0, medium: 1, low: 0 },
    pagesChecked: 12,
    ...extra,
  };
};

export const checkResult = (extra: Partial<CheckResult> = {}): CheckResult => ({
  checkId: 'headers.csp',
  group: 'security_headers',
  severity: 'medium',
  outcome: 'pass',
  title: 'Content-Security-Policy restricts scripts',
  summary: 'Every page passed',
  whyItMatters: 'A Content-Security-Policy limits the damage of an injected script.',
  howToFix: 'Send a Content-Security-Policy header.',
  evidence: [],
  evidenceTotal: 0,
  evaluated: true,
  ...extra,
});

/** Grades as the method gives them: every category ungraded but those passed in `categories`. */
export const grades = (
  overall: GradeLetter | null = 'B',
  categories: Partial<Record<GradeCategory, GradeLetter>> = {},
): Grades => ({
  method: 'grades-2026.1',
  overall: { letter: overall, score: overall ? 85 : null, checksCounted: overall ? 12 : 0, cappedBy: null },
  categories: GRADE_CATEGORIES.map((category) => {
    const letter = categories[category] ?? null;
    return {
      category,
      title: GRADE_CATEGORY_TITLES[category],
      letter,
      score: letter ? 80 : null,
      checksCounted: letter ? 2 : 0,
      cappedBy: null,
    };
  }),
});

export const reportDetail = (extra: Partial<ReportDetail> = {}): ReportDetail => ({
  ...reportSummary(extra),
  catalogueVersion: '2025.1',
  grades: grades(),
  gradesWithAcceptedCounted: grades(),
  rateWithAcceptedCounted: reportSummary(extra).rate,
  acceptedChecks: 0,
  checks: [checkResult()],
  notEvaluatedByMethod: [],
  rendering: null,
  pagesWithScreenshot: [],
  ...extra,
});

/** A vendor assessed in the period (pass `state` and nulls for one that was not). */
export const vendorCompliance = (extra: Partial<VendorCompliance> = {}): VendorCompliance => ({
  vendorId: VENDOR_ID,
  vendorName: 'Alpha',
  vendorUrl: 'https://alpha.example/',
  state: 'assessed',
  latestReportId: 'report-1',
  rate: 92.5,
  label: 'Compliant',
  method: 'puppeteer',
  rendering: null,
  lastAssessedAt: '2025-01-30T12:00:00Z',
  trend: [{ assessedAt: '2025-01-30T12:00:00Z', crawledAt: '2025-01-30T11:59:00Z', rate: 92.5 }],
  lastCrawl: null,
  ...extra,
});

export const reportsOverview = (extra: Partial<ReportsOverview> = {}): ReportsOverview => ({
  vendorsInScope: extra.vendors?.length ?? 0,
  vendorsNotAssessed: 0,
  vendorsCrawlFailed: 0,
  vendorsAssessed: 0,
  averageRate: null,
  pagesChecked: 0,
  openFailures: { critical: 0, high: 0, medium: 0, low: 0 },
  vendors: [],
  ...extra,
});

/** A vendor's programme fields before anyone set them (issue 40): no tier, owner, contacts or intake. */
export const NO_PROGRAMME = {
  tier: null,
  tierReason: '',
  ownerUserId: null,
  contacts: [],
  intake: null,
} as const satisfies Pick<VendorListItem, 'tier' | 'tierReason' | 'ownerUserId' | 'contacts' | 'intake'>;

export const NOT_REVIEWED: VendorListItem['review'] = {
  status: 'not_reviewed',
  reason: 'The vendor has not been reviewed yet',
  lastReviewedAt: null,
  nextReviewAt: null,
};

/** A row of the vendors list: a vendor never assessed nor crawled unless `extra` says otherwise. */
export const vendorListItem = (extra: Partial<VendorListItem> = {}): VendorListItem => ({
  id: VENDOR_ID,
  name: 'Acme',
  url: 'https://acme.example/',
  description: '',
  domains: [],
  primaryDomain: 'acme.example',
  dkimSelectors: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  grade: null,
  rate: null,
  label: null,
  vulnerableLibraries: null,
  lastAssessedAt: null,
  compliance: null,
  lastCrawl: null,
  ...NO_PROGRAMME,
  contacts: [],
  review: NOT_REVIEWED,
  ...extra,
});

/** `GET /api/vendors`: the items (vendors, filled in as list rows) as one page, `total` their number. */
export const vendorPage = (items: Partial<VendorListItem>[], total = items.length): VendorListPage => ({
  items: items.map((item) => vendorListItem(item)),
  total,
});
