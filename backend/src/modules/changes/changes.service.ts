import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type CrawlChanges,
  type CrawlChangeSummary,
  type CrawlChangesQuery,
  type CrawlJobStatus,
  type CrawlMethod,
  type Paginated,
  type PageChange,
  type PageChangeDiff,
  type TimelineEntry,
} from '@vendorwatch/contracts';
import {
  CrawlChangesRepository,
  CrawlJobsRepository,
  VendorsRepository,
  type CrawlChangeRow,
  type CrawlPageChangeRow,
  type WorkspaceId,
} from '@vendorwatch/db';
import { NotFoundError } from '../../common/errors';
import { WordDiffPool } from './word-diff.pool';

/** A crawl's comparison with the vendor's previous crawl, the diff of one page, and a vendor's timeline. */
@Injectable()
export class ChangesService {
  constructor(
    private readonly changes: CrawlChangesRepository,
    private readonly jobs: CrawlJobsRepository,
    private readonly vendors: VendorsRepository,
    private readonly diffs: WordDiffPool,
  ) {}

  async forCrawl(workspaceId: WorkspaceId, jobId: string, query: CrawlChangesQuery): Promise<CrawlChanges> {
    const change = await this.changeOf(workspaceId, jobId);
    const { rows, total } = await this.changes.listPageChanges(change.id, query.kind, query.page, query.limit);
    return { summary: summaryOf(change), pages: { items: rows.map(pageChangeOf), total, page: query.page, limit: query.limit } };
  }

  /**
   * The word-level diff of one changed page, computed on request from the two stored main texts:
   * they are kept anyway (to compare), a diff stored per page would double them, and the vendor's
   * current ignore patterns then apply to what is shown. It is computed on the diff thread, bounded
   * in time: a page rewritten whole answers with its number of lines added and removed instead.
   */
  async pageDiff(workspaceId: WorkspaceId, jobId: string, pageChangeId: string): Promise<PageChangeDiff> {
    const change = await this.changeOf(workspaceId, jobId);
    const row = await this.changes.findPageChange(change.id, pageChangeId);
    if (!row) throw new NotFoundError(MESSAGES.changes.pageChangeNotFound);
    const job = (await this.jobs.find(workspaceId, jobId))!;
    const patterns = ((job.settings.ignoreTextPatterns as string[] | undefined) ?? []).filter((p) => typeof p === 'string');
    const texts = await this.changes.mainTexts([row.pageBeforeId, row.pageAfterId].filter((id): id is string => id !== null));
    const before = row.pageBeforeId ? (texts.get(row.pageBeforeId) ?? '') : '';
    const after = row.pageAfterId ? (texts.get(row.pageAfterId) ?? '') : '';
    const { segments, tooManyChanges } = await this.diffs.diff({ before, after, ignorePatterns: patterns });
    return { change: pageChangeOf(row), segments, tooManyChanges };
  }

  async timeline(workspaceId: WorkspaceId, vendorId: string, page: number, limit: number): Promise<Paginated<TimelineEntry>> {
    if (!(await this.vendors.findInWorkspace(workspaceId, vendorId))) throw new NotFoundError(MESSAGES.changes.vendorNotFound);
    const { rows, total } = await this.changes.timeline(workspaceId, vendorId, page, limit);
    const items = rows.map(({ job, rate, label, change }) => ({
      crawlJobId: job.id,
      status: job.status as CrawlJobStatus,
      method: job.method as CrawlMethod,
      createdAt: job.createdAt.toISOString(),
      completedAt: job.completedAt?.toISOString() ?? null,
      error: job.error,
      pagesDone: job.pagesDone,
      rate,
      label,
      changes: change && {
        previousCrawlJobId: change.previousJobId,
        added: change.added,
        removed: change.removed,
        changed: change.changed,
        changedPercent: change.changedPercent,
        policyPagesChanged: change.policyPagesChanged,
        findingsNew: change.findingsNew.length,
        findingsResolved: change.findingsResolved.length,
        findingsNotComparable: change.findingsNotComparable.length,
        methodBefore: change.methodBefore,
      },
    }));
    return { items, total, page, limit };
  }

  private async changeOf(workspaceId: WorkspaceId, jobId: string): Promise<CrawlChangeRow> {
    const change = await this.changes.findInWorkspaceByJob(workspaceId, jobId);
    if (change) return change;
    if (!(await this.jobs.find(workspaceId, jobId))) throw new NotFoundError(MESSAGES.changes.crawlNotFound);
    throw new NotFoundError(MESSAGES.changes.notCompared);
  }
}

function summaryOf(row: CrawlChangeRow): CrawlChangeSummary {
  return {
    id: row.id,
    crawlJobId: row.jobId,
    previousCrawlJobId: row.previousJobId,
    vendorId: row.vendorId,
    comparedAt: row.comparedAt.toISOString(),
    pagesBefore: row.pagesBefore,
    pagesAfter: row.pagesAfter,
    added: row.added,
    removed: row.removed,
    changed: row.changed,
    unchanged: row.unchanged,
    changedPercent: row.changedPercent,
    policyPagesChanged: row.policyPagesChanged,
    findingsNew: row.findingsNew,
    findingsResolved: row.findingsResolved,
    findingsNotComparable: row.findingsNotComparable,
    methodBefore: row.methodBefore,
    methodAfter: row.methodAfter,
    rateBefore: row.rateBefore,
    rateAfter: row.rateAfter,
    labelBefore: row.labelBefore,
    labelAfter: row.labelAfter,
  };
}

const pageChangeOf = (row: CrawlPageChangeRow): PageChange => ({
  id: row.id,
  url: row.url,
  kind: row.kind,
  policyKind: row.policyKind,
  titleBefore: row.titleBefore,
  titleAfter: row.titleAfter,
});
