import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlFrontier, crawlJobs, crawlPages } from '../schema';
import type { NewCrawlPage } from './crawl-pages.repository';

export type FrontierRow = typeof crawlFrontier.$inferSelect;

export interface FrontierEntry {
  url: string;
  depth: number;
  discoveredFrom?: string | null;
}

/** A URL kept for the record but never fetched (robots.txt disallows it), with the reason. */
export interface SkippedEntry extends FrontierEntry {
  reason: string;
}

export interface FrontierCounts {
  /** URLs the crawl will fetch: min(discovered in scope, maxPages). */
  planned: number;
  /** URLs finished, successfully or not. */
  done: number;
  pending: number;
  inProgress: number;
}

export interface PageOutcome {
  page: NewCrawlPage;
  /** 'failed' when no usable answer came (network error, refused, retries exhausted). */
  state: 'done' | 'failed';
  discovered: FrontierEntry[];
  skipped: SkippedEntry[];
  maxPages: number;
  credits: number;
}

/**
 * The crawl frontier in PostgreSQL: one row per discovered URL, keyed (job_id, url) so a URL is
 * discovered once. A worker claims one row at a time; the page and the row's new state are written
 * in one statement, so a resumed job never fetches a finished URL again.
 */
export class CrawlFrontierRepository {
  /** Run once per page: built once and planned once per connection (bench B1 --cpu-prof). */
  private readonly claimQuery;

  constructor(private readonly db: Database) {
    const jobId = sql.placeholder('jobId');
    const due = this.db
      .select({ url: crawlFrontier.url })
      .from(crawlFrontier)
      .where(
        and(
          eq(crawlFrontier.jobId, jobId),
          eq(crawlFrontier.state, 'pending'),
          or(isNull(crawlFrontier.notBefore), lte(crawlFrontier.notBefore, sql`now()`)),
        ),
      )
      .orderBy(asc(crawlFrontier.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    this.claimQuery = this.db
      .update(crawlFrontier)
      .set({ state: 'in_progress', attempts: sql`${crawlFrontier.attempts} + 1` })
      .where(and(eq(crawlFrontier.jobId, jobId), inArray(crawlFrontier.url, due)))
      .returning()
      .prepare('crawl_frontier_claim_next');
  }

  async isSeeded(jobId: string): Promise<boolean> {
    const rows = await this.db
      .select({ url: crawlFrontier.url })
      .from(crawlFrontier)
      .where(eq(crawlFrontier.jobId, jobId))
      .limit(1);
    return rows.length > 0;
  }

  /** Seeds start URLs and sitemap URLs in one statement: a seed is all there or not at all. */
  async seed(jobId: string, entries: FrontierEntry[], skipped: SkippedEntry[], maxPages: number): Promise<void> {
    const parts: SQLWrapper[] = [];
    if (entries.length > 0) parts.push(pendingInsert(jobId, entries, maxPages));
    if (skipped.length > 0) parts.push(skippedInsert(this.db, jobId, skipped));
    await this.inOneStatement(parts);
  }

  /** Rows a dead holder left in progress go back to pending (safe: the BullMQ job lock has one holder). */
  async releaseInProgress(jobId: string): Promise<number> {
    const rows = await this.db
      .update(crawlFrontier)
      .set({ state: 'pending' })
      .where(and(eq(crawlFrontier.jobId, jobId), eq(crawlFrontier.state, 'in_progress')))
      .returning({ url: crawlFrontier.url });
    return rows.length;
  }

  /** Atomically takes the oldest pending URL that is due, or nothing. */
  async claimNext(jobId: string): Promise<FrontierRow | undefined> {
    const [row] = await this.claimQuery.execute({ jobId });
    return row;
  }

  /** Milliseconds until the earliest pending URL is due (0 if one is due now), or null when none is pending. */
  async msUntilNextDue(jobId: string): Promise<number | null> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*)`.mapWith(Number),
        waitMs:
          sql<number>`greatest(0, ceil(extract(epoch from (min(coalesce(${crawlFrontier.notBefore}, now())) - now())) * 1000))`.mapWith(
            Number,
          ),
      })
      .from(crawlFrontier)
      .where(and(eq(crawlFrontier.jobId, jobId), eq(crawlFrontier.state, 'pending')));
    return row && row.pending > 0 ? row.waitMs : null;
  }

  /** Puts a claimed URL back to be tried again after `delayMs` (database clock, so workers agree). */
  async retryLater(jobId: string, url: string, delayMs: number, error: string): Promise<void> {
    await this.db
      .update(crawlFrontier)
      .set({
        state: 'pending',
        notBefore: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
        lastError: error,
      })
      .where(and(eq(crawlFrontier.jobId, jobId), eq(crawlFrontier.url, url)));
  }

  /**
   * Stores the page, finishes its URL, adds what it linked to and counts its credits: all or
   * nothing, as one statement of data-modifying CTEs — one round trip where a transaction took six
   * (bench B1). Every part reads the same snapshot; none depends on another's rows.
   */
  async recordPage(jobId: string, url: string, outcome: PageOutcome): Promise<void> {
    const { jobId: _ignored, url: _url, ...changes } = outcome.page;
    const parts: SQLWrapper[] = [
      this.db
        .insert(crawlPages)
        .values({ ...outcome.page, jobId, url })
        .onConflictDoUpdate({ target: [crawlPages.jobId, crawlPages.url], set: { ...changes, fetchedAt: new Date() } }),
      this.db
        .update(crawlFrontier)
        .set({ state: outcome.state, lastError: outcome.page.error ?? null })
        .where(and(eq(crawlFrontier.jobId, jobId), eq(crawlFrontier.url, url))),
    ];
    if (outcome.discovered.length > 0) parts.push(pendingInsert(jobId, outcome.discovered, outcome.maxPages));
    if (outcome.skipped.length > 0) parts.push(skippedInsert(this.db, jobId, outcome.skipped));
    if (outcome.credits > 0) {
      parts.push(
        this.db
          .update(crawlJobs)
          .set({ creditsUsed: sql`${crawlJobs.creditsUsed} + ${outcome.credits}` })
          .where(eq(crawlJobs.id, jobId)),
      );
    }
    await this.inOneStatement(parts);
  }

  /** Writes as one statement of data-modifying CTEs: atomic, one round trip. */
  private async inOneStatement(parts: SQLWrapper[]): Promise<void> {
    if (parts.length === 0) return;
    // getSQL(): a query builder embedded as it is would be wrapped in a second pair of parentheses.
    const steps = parts.map((part, index) => sql`${sql.raw(`step_${index}`)} as (${part.getSQL()})`);
    await this.db.execute(sql`with ${sql.join(steps, sql`, `)} select 1`);
  }

  async counts(jobId: string): Promise<FrontierCounts> {
    const [row] = await this.db
      .select({
        planned: sql<number>`count(*) filter (where ${crawlFrontier.state} <> 'skipped')`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${crawlFrontier.state} in ('done', 'failed'))`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${crawlFrontier.state} = 'pending')`.mapWith(Number),
        inProgress: sql<number>`count(*) filter (where ${crawlFrontier.state} = 'in_progress')`.mapWith(Number),
      })
      .from(crawlFrontier)
      .where(eq(crawlFrontier.jobId, jobId));
    return row ?? { planned: 0, done: 0, pending: 0, inProgress: 0 };
  }

  listByJob(jobId: string): Promise<FrontierRow[]> {
    return this.db.select().from(crawlFrontier).where(eq(crawlFrontier.jobId, jobId)).orderBy(asc(crawlFrontier.seq));
  }
}

/**
 * Inserts new URLs in discovery order while the job has fewer than `maxPages` planned URLs.
 * URLs already known are filtered first so they do not use up the remaining room.
 */
function pendingInsert(jobId: string, entries: FrontierEntry[], maxPages: number): SQL {
  const json = JSON.stringify(entries.map((e) => ({ url: e.url, depth: e.depth, from: e.discoveredFrom ?? null })));
  return sql`
    insert into crawl_frontier (job_id, url, depth, discovered_from)
    select ${jobId}::uuid, e.value->>'url', (e.value->>'depth')::int, e.value->>'from'
    from jsonb_array_elements(${json}::jsonb) with ordinality as e(value, ord)
    where not exists (select 1 from crawl_frontier f where f.job_id = ${jobId}::uuid and f.url = e.value->>'url')
    order by e.ord
    limit greatest(0, ${maxPages}::int - (select count(*) from crawl_frontier f where f.job_id = ${jobId}::uuid and f.state <> 'skipped'))
    on conflict do nothing`;
}

function skippedInsert(db: Database, jobId: string, entries: SkippedEntry[]) {
  return db
    .insert(crawlFrontier)
    .values(
      entries.map((e) => ({
        jobId,
        url: e.url,
        depth: e.depth,
        discoveredFrom: e.discoveredFrom ?? null,
        state: 'skipped' as const,
        lastError: e.reason,
      })),
    )
    .onConflictDoNothing();
}
