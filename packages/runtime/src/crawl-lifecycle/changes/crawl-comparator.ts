import { comparableText, findingsDiff, policyLinksOf, policyPageKind, textHash } from '@vendorwatch/compliance';
import type { CrawlMethod } from '@vendorwatch/contracts';
import {
  ComplianceAssessmentsRepository,
  CrawlChangesRepository,
  CrawlJobsRepository,
  type ComparedPage,
  type NewCrawlPageChange,
  type SaveCrawlChangeInput,
} from '@vendorwatch/db';

/** A page that is there: answered with a 2xx. A 404 or an error where a page used to be is a removal. */
const isPresent = (page: ComparedPage) =>
  page.error === null && page.statusCode !== null && page.statusCode >= 200 && page.statusCode < 300;

/**
 * Compares a completed crawl with the same vendor's previous completed crawl and stores the
 * comparison: pages added, removed and changed (by normalised main text), policy pages flagged,
 * compliance findings new and resolved. Written once, used by the worker when a crawl completes and
 * by the reconciler's catch-up; the same stored crawls always give the same rows.
 */
export class CrawlComparator {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly changes: CrawlChangesRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
  ) {}

  /** The comparison's id; null when the job is not a completed vendor crawl. */
  async compare(jobId: string): Promise<string | null> {
    const job = await this.jobs.findById(jobId);
    if (!job || job.status !== 'completed' || job.kind !== 'crawl' || !job.vendorId || !job.completedAt) return null;
    const previousJobId = await this.changes.previousCompleted({
      id: job.id,
      workspaceId: job.workspaceId,
      vendorId: job.vendorId,
      completedAt: job.completedAt,
    });
    const patterns = ((job.settings.ignoreTextPatterns as string[] | undefined) ?? []).filter((p) => typeof p === 'string');
    const withText = patterns.length > 0;
    const after = (await this.changes.comparedPages(job.id, withText)).filter(isPresent);
    const before = previousJobId ? (await this.changes.comparedPages(previousJobId, withText)).filter(isPresent) : [];
    const [previousJob, assessmentBefore, assessmentAfter] = await Promise.all([
      previousJobId ? this.jobs.findById(previousJobId) : undefined,
      previousJobId ? this.changes.assessmentOf(previousJobId) : undefined,
      this.changes.assessmentOf(job.id),
    ]);
    // Checks one crawl did not evaluate (another method, another sample) are not comparable, never new or resolved.
    const findings =
      assessmentBefore && assessmentAfter
        ? findingsDiff(
            await this.assessments.checkResults(assessmentBefore.id),
            await this.assessments.checkResults(assessmentAfter.id),
          )
        : { new: [], resolved: [], notComparable: [] };

    const pages = previousJobId ? pageChanges(before, after, patterns) : [];
    const count = (kind: NewCrawlPageChange['kind']) => pages.filter((page) => page.kind === kind).length;
    const [added, removed, changed] = [count('added'), count('removed'), count('changed')];
    const union = previousJobId ? after.length + removed : 0;
    const input: SaveCrawlChangeInput = {
      jobId: job.id,
      previousJobId,
      workspaceId: job.workspaceId,
      userId: job.userId,
      vendorId: job.vendorId,
      pagesBefore: before.length,
      pagesAfter: after.length,
      added,
      removed,
      changed,
      unchanged: previousJobId ? after.length - added - changed : 0,
      changedPercent: union === 0 ? 0 : Math.round((1000 * (added + removed + changed)) / union) / 10,
      policyPagesChanged: pages.filter((page) => page.policyKind).length,
      findingsNew: findings.new,
      findingsResolved: findings.resolved,
      findingsNotComparable: findings.notComparable,
      methodBefore: (previousJob?.method as CrawlMethod | undefined) ?? null,
      methodAfter: job.method as CrawlMethod,
      rateBefore: assessmentBefore?.rate ?? null,
      rateAfter: assessmentAfter?.rate ?? null,
      labelBefore: assessmentBefore?.label ?? null,
      labelAfter: assessmentAfter?.label ?? null,
      pages,
    };
    const { id } = await this.changes.save(input);
    return id;
  }

  /** Completed crawls of the last `withinMs` that were assessed but not compared: compared now, oldest first. Their ids. */
  async catchUp(withinMs: number, now = new Date()): Promise<string[]> {
    const missing = await this.changes.completedJobsWithoutComparison(100, new Date(now.getTime() - withinMs));
    const compared: string[] = [];
    for (const jobId of missing) if (await this.compare(jobId)) compared.push(jobId);
    return compared;
  }
}

/** Pages matched by canonical URL (what both crawls store them under). */
export function pageChanges(before: ComparedPage[], after: ComparedPage[], patterns: readonly string[]): NewCrawlPageChange[] {
  const earlier = new Map(before.map((page) => [page.url, page]));
  const later = new Set(after.map((page) => page.url));
  const linked = policyLinksOf(
    [...after, ...before].map((page) => (page.policyLinks ? { policyLinks: page.policyLinks } : null)),
  );
  const key = (page: ComparedPage) =>
    patterns.length > 0 && page.mainText != null
      ? textHash(comparableText(page.mainText, patterns))
      : (page.mainTextHash ?? page.contentHash);
  const changes: NewCrawlPageChange[] = [];
  for (const page of after) {
    const previous = earlier.get(page.url);
    const policyKind = policyPageKind(page, linked) ?? (previous ? policyPageKind(previous, linked) : null);
    if (!previous)
      changes.push({
        url: page.url,
        kind: 'added',
        policyKind,
        titleBefore: null,
        titleAfter: page.title,
        pageBeforeId: null,
        pageAfterId: page.id,
      });
    else if (key(previous) !== key(page))
      changes.push({
        url: page.url,
        kind: 'changed',
        policyKind,
        titleBefore: previous.title,
        titleAfter: page.title,
        pageBeforeId: previous.id,
        pageAfterId: page.id,
      });
  }
  for (const page of before)
    if (!later.has(page.url))
      changes.push({
        url: page.url,
        kind: 'removed',
        policyKind: policyPageKind(page, linked),
        titleBefore: page.title,
        titleAfter: null,
        pageBeforeId: page.id,
        pageAfterId: null,
      });
  return changes.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
