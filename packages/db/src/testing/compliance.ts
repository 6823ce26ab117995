import {
  complianceLabel,
  type CheckEvidence,
  type CheckGroup,
  type CheckOutcome,
  type CheckResult,
  type CheckSeverity,
} from '@vendorwatch/contracts';
import type { Database } from '../database';
import { ComplianceAssessmentsRepository, type SaveAssessmentInput } from '../repositories/compliance-assessments.repository';
import { crawlJobs, crawlPages } from '../schema';
import type { WorkspaceId } from '../workspace-id';
import { seedWorkspaceOf } from './workspaces';

/**
 * Realistic assessments for tests and benchmarks, stored through the repository the worker uses.
 * The checks mirror the catalogue's kinds (one per group at least) without depending on it.
 */

interface CheckTemplate {
  checkId: string;
  group: CheckGroup;
  severity: CheckSeverity;
  title: string;
  whyItMatters: string;
  howToFix: string;
  /** What a failure of this check says about the pages that fail it. */
  failure: (pages: number) => string;
  /** The evidence detail found on a failing page. */
  evidence: (index: number) => string;
}

export const SAMPLE_CHECKS: readonly CheckTemplate[] = [
  {
    checkId: 'transport.https',
    group: 'transport',
    severity: 'critical',
    title: 'Every page is served over HTTPS',
    whyItMatters: 'Pages served over plain HTTP can be read and altered by anyone on the network path.',
    howToFix: 'Serve every page over HTTPS and redirect http:// requests to https://.',
    failure: (n) => `${n} pages were served over plain HTTP`,
    evidence: (i) => `Served over http:// (page ${i + 1})`,
  },
  {
    checkId: 'transport.hsts',
    group: 'transport',
    severity: 'high',
    title: 'HSTS present with max-age of at least 6 months',
    whyItMatters: 'Without HSTS a first visit can be downgraded to HTTP by an attacker.',
    howToFix: 'Send Strict-Transport-Security: max-age=15552000; includeSubDomains on every HTTPS answer.',
    failure: (n) => `${n} pages send no Strict-Transport-Security header`,
    evidence: () => 'No Strict-Transport-Security header',
  },
  {
    checkId: 'transport.mixed-content',
    group: 'transport',
    severity: 'high',
    title: 'No mixed content on HTTPS pages',
    whyItMatters: 'Scripts or images loaded over HTTP on an HTTPS page undo the protection of HTTPS.',
    howToFix: 'Load every subresource over https:// or from a relative URL.',
    failure: (n) => `${n} HTTPS pages load subresources over HTTP`,
    evidence: (i) => `Loads http://cdn.example/asset-${i + 1}.js`,
  },
  {
    checkId: 'headers.csp',
    group: 'security_headers',
    severity: 'medium',
    title: 'Content-Security-Policy restricts scripts',
    whyItMatters: 'A Content-Security-Policy limits the damage of an injected script.',
    howToFix: "Send a Content-Security-Policy with a script-src that does not allow 'unsafe-inline'.",
    failure: (n) => `${n} pages send no Content-Security-Policy`,
    evidence: () => 'No Content-Security-Policy header',
  },
  {
    checkId: 'headers.referrer-policy',
    group: 'security_headers',
    severity: 'low',
    title: 'Referrer-Policy limits what leaks to other sites',
    whyItMatters: 'Full URLs sent as Referer can leak tokens and personal data to third parties.',
    howToFix: 'Send Referrer-Policy: strict-origin-when-cross-origin.',
    failure: (n) => `${n} pages send no Referrer-Policy`,
    evidence: () => 'No Referrer-Policy header',
  },
  {
    checkId: 'headers.content-type-options',
    group: 'security_headers',
    severity: 'low',
    title: 'X-Content-Type-Options is nosniff',
    whyItMatters: 'Browsers that sniff content types can be tricked into running uploads as scripts.',
    howToFix: 'Send X-Content-Type-Options: nosniff.',
    failure: (n) => `${n} pages send no X-Content-Type-Options`,
    evidence: () => 'No X-Content-Type-Options header',
  },
  {
    checkId: 'privacy.policy-linked',
    group: 'privacy_legal',
    severity: 'high',
    title: 'A privacy policy is linked from every page',
    whyItMatters: 'Visitors must be able to find how their personal data is processed.',
    howToFix: 'Link the privacy policy from the footer of every page.',
    failure: (n) => `${n} pages link no privacy policy`,
    evidence: () => 'No link to a privacy policy',
  },
  {
    checkId: 'privacy.terms-linked',
    group: 'privacy_legal',
    severity: 'medium',
    title: 'Terms of service are linked',
    whyItMatters: 'Terms tell visitors and customers the conditions they agree to.',
    howToFix: 'Link the terms of service from the footer.',
    failure: (n) => `${n} pages link no terms of service`,
    evidence: () => 'No link to terms of service',
  },
  {
    checkId: 'privacy.cookie-consent',
    group: 'privacy_legal',
    severity: 'high',
    title: 'Cookies wait for consent',
    whyItMatters: 'Setting tracking cookies before consent is unlawful in the EU.',
    howToFix: 'Set non-essential cookies only after the visitor agrees in the consent banner.',
    failure: (n) => `${n} pages set tracking cookies before consent`,
    evidence: (i) => `Cookie _ga_${i + 1} set before consent`,
  },
  {
    checkId: 'content.broken-links',
    group: 'content_hygiene',
    severity: 'medium',
    title: 'No broken internal links',
    whyItMatters: 'Broken links lose visitors and signal a neglected site.',
    howToFix: 'Fix or remove links that answer 404.',
    failure: (n) => `${n} links answer 404`,
    evidence: (i) => `Link to /old-page-${i + 1} answered 404`,
  },
  {
    checkId: 'content.titles',
    group: 'content_hygiene',
    severity: 'low',
    title: 'Every page has a title',
    whyItMatters: 'Titles name a page in tabs, bookmarks and search results.',
    howToFix: 'Give every page a unique <title>.',
    failure: (n) => `${n} pages have no title`,
    evidence: () => 'Empty <title>',
  },
  {
    checkId: 'a11y.image-alt',
    group: 'accessibility',
    severity: 'medium',
    title: 'Images have alternative text',
    whyItMatters: 'Screen reader users cannot see images without alt text.',
    howToFix: 'Add an alt attribute to every image (empty for decorative ones).',
    failure: (n) => `${n} images have no alt text`,
    evidence: (i) => `<img src="/img/photo-${i + 1}.jpg"> has no alt`,
  },
  {
    checkId: 'a11y.html-lang',
    group: 'accessibility',
    severity: 'low',
    title: 'Pages declare their language',
    whyItMatters: 'Screen readers pick their pronunciation from the page language.',
    howToFix: 'Set <html lang="…"> on every page.',
    failure: (n) => `${n} pages have no lang attribute`,
    evidence: () => '<html> has no lang attribute',
  },
];

export interface AssessmentOptions {
  jobId: string;
  workspaceId: WorkspaceId;
  userId: string;
  vendorId: string | null;
  targetUrl?: string;
  method?: string;
  assessedAt?: Date;
  crawlCompletedAt?: Date | null;
  /** Check ids that fail; every other check passes unless listed in `warnings` or `notApplicable`. */
  failing?: string[];
  warnings?: string[];
  notApplicable?: string[];
  /** Pieces of evidence each failing check has in total (the stored list is capped). */
  evidencePerFailure?: number;
  /** Stored page ids the evidence points at, in turn. */
  pageIds?: string[];
  /** The rate to store; by default passed ÷ (passed + failed + warned). */
  rate?: number;
  pagesChecked?: number;
  catalogueVersion?: string;
}

/** One assessment as `assess()` would produce it, ready for `ComplianceAssessmentsRepository.save`. */
export function buildAssessment(options: AssessmentOptions): SaveAssessmentInput {
  const targetUrl = options.targetUrl ?? 'https://vendor.example/';
  const outcomeOf = (checkId: string): CheckOutcome =>
    options.failing?.includes(checkId)
      ? 'fail'
      : options.warnings?.includes(checkId)
        ? 'warn'
        : options.notApplicable?.includes(checkId)
          ? 'not_applicable'
          : 'pass';
  const perFailure = options.evidencePerFailure ?? 2;
  const checks: CheckResult[] = SAMPLE_CHECKS.map(({ failure, evidence: detail, ...template }) => {
    const outcome = outcomeOf(template.checkId);
    const evidence: CheckEvidence[] =
      outcome === 'fail' || outcome === 'warn'
        ? Array.from({ length: perFailure }, (_, i) => ({
            url: new URL(`page-${i + 1}`, targetUrl).toString(),
            pageId: options.pageIds?.length ? options.pageIds[i % options.pageIds.length]! : null,
            detail: detail(i),
          }))
        : [];
    return {
      ...template,
      outcome,
      summary: outcome === 'pass' ? 'Every page passed' : outcome === 'not_applicable' ? 'Not evaluated' : failure(perFailure),
      evidence,
      evidenceTotal: evidence.length,
      evaluated: outcome !== 'not_applicable',
    };
  });
  const count = (outcome: CheckOutcome) => checks.filter((check) => check.outcome === outcome).length;
  const counts = { pass: count('pass'), fail: count('fail'), warn: count('warn'), notApplicable: count('not_applicable') };
  const applicable = counts.pass + counts.fail + counts.warn;
  const rate = options.rate ?? (applicable === 0 ? 100 : Math.round((counts.pass / applicable) * 1000) / 10);
  const failuresOf = (severity: CheckSeverity) =>
    checks.filter((check) => check.outcome === 'fail' && check.severity === severity).length;
  return {
    jobId: options.jobId,
    workspaceId: options.workspaceId,
    userId: options.userId,
    vendorId: options.vendorId,
    method: options.method ?? 'http',
    targetUrl,
    crawlCompletedAt: options.crawlCompletedAt === undefined ? (options.assessedAt ?? null) : options.crawlCompletedAt,
    assessedAt: options.assessedAt,
    catalogueVersion: options.catalogueVersion ?? '2025.1',
    rate,
    label: complianceLabel(rate),
    counts,
    failures: {
      critical: failuresOf('critical'),
      high: failuresOf('high'),
      medium: failuresOf('medium'),
      low: failuresOf('low'),
    },
    pagesChecked: options.pagesChecked ?? 12,
    notEvaluatedByMethod: checks.filter((check) => check.outcome === 'not_applicable').map((check) => check.title),
    checks,
  };
}

export interface SeedCrawlOptions {
  /** Where the crawl belongs; by default its vendor's workspace (or its creator's personal one). */
  workspaceId?: WorkspaceId;
  userId: string;
  vendorId: string | null;
  targetUrl?: string;
  method?: string;
  completedAt?: Date;
  /** Pages to store for the crawl (their URLs), so evidence can point at real page ids. */
  pages?: { url: string; screenshotPath?: string | null }[];
}

type EndedCrawl = Pick<SeedCrawlOptions, 'workspaceId' | 'userId' | 'vendorId' | 'targetUrl' | 'method'> & {
  status: 'completed' | 'failed';
  error?: string;
  at: Date;
};

/** A crawl job that started and ended at `at`, as the worker leaves it. */
async function insertEndedCrawl(db: Database, crawl: EndedCrawl): Promise<{ jobId: string; workspaceId: WorkspaceId }> {
  const workspaceId = crawl.workspaceId ?? (await seedWorkspaceOf(db, crawl.userId, crawl.vendorId));
  const [job] = await db
    .insert(crawlJobs)
    .values({
      workspaceId,
      userId: crawl.userId,
      vendorId: crawl.vendorId,
      method: crawl.method ?? 'http',
      status: crawl.status,
      targetUrl: crawl.targetUrl ?? 'https://vendor.example/',
      progress: crawl.status === 'completed' ? 100 : 0,
      error: crawl.error ?? null,
      createdAt: crawl.at,
      startedAt: crawl.at,
      completedAt: crawl.at,
    })
    .returning({ id: crawlJobs.id });
  return { jobId: job!.id, workspaceId };
}

/** A completed crawl job (and its pages) as the worker leaves it, for an assessment to belong to. */
export async function insertCompletedCrawl(
  db: Database,
  options: SeedCrawlOptions,
): Promise<{ jobId: string; workspaceId: WorkspaceId; pageIds: string[] }> {
  const at = options.completedAt ?? new Date();
  const { jobId, workspaceId } = await insertEndedCrawl(db, { ...options, status: 'completed', at });
  const pages = options.pages ?? [];
  const stored =
    pages.length === 0
      ? []
      : await db
          .insert(crawlPages)
          .values(
            pages.map((page) => ({
              jobId,
              workspaceId,
              userId: options.userId,
              vendorId: options.vendorId,
              url: page.url,
              statusCode: 200,
              title: 'Page',
              screenshotPath: page.screenshotPath ?? null,
              fetchedAt: at,
            })),
          )
          .returning({ id: crawlPages.id });
  return { jobId, workspaceId, pageIds: stored.map((page) => page.id) };
}

/** A crawl that ended `failed` with the error the worker stored, as the vendors' report states read it. */
export async function insertFailedCrawl(
  db: Database,
  options: Pick<SeedCrawlOptions, 'workspaceId' | 'userId' | 'vendorId' | 'targetUrl' | 'method'> & { error: string; at?: Date },
): Promise<{ jobId: string }> {
  const { jobId } = await insertEndedCrawl(db, { ...options, status: 'failed', at: options.at ?? new Date() });
  return { jobId };
}

/** A completed crawl and its assessment, stored; returns the report id with what was saved. */
export async function seedAssessment(
  db: Database,
  options: Omit<AssessmentOptions, 'jobId' | 'workspaceId'> & Pick<SeedCrawlOptions, 'workspaceId' | 'pages'>,
): Promise<{ reportId: string; jobId: string; pageIds: string[]; input: SaveAssessmentInput }> {
  const { jobId, workspaceId, pageIds } = await insertCompletedCrawl(db, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    vendorId: options.vendorId,
    targetUrl: options.targetUrl,
    method: options.method,
    completedAt: options.assessedAt,
    pages: options.pages,
  });
  const input = buildAssessment({ ...options, jobId, workspaceId, pageIds: options.pageIds ?? pageIds });
  const { id } = await new ComplianceAssessmentsRepository(db).save(input);
  return { reportId: id, jobId, pageIds, input };
}
