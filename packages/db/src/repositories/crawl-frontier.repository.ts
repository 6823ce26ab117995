import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlFrontier } from '../schema';
import { jsonParam, runStatement, type FixedStatement } from '../statements';
import { CRAWL_PAGE_WRITE, type NewCrawlPage } from './crawl-pages.repository';

export type FrontierRow = typeof crawlFrontier.$inferSelect;

export interface FrontierEntry {
  /** The canonical key: one per page. */
  url: string;
  /** The form to request (the first one seen); the key when absent. */
  fetchUrl?: string | null;
  depth: number;
  discoveredFrom?: string | null;
}

/** A URL kept for the record but never fetched (robots.txt disallows it), with the reason. */
export interface SkippedEntry extends FrontierEntry {
  reason: string;
}

export interface FrontierCounts {
  /** Pages the crawl will store: min(discovered in scope, maxPages), redirects to other pages not counted. */
  planned: number;
  /** Pages stored, successfully fetched or not. */
  done: number;
  /** URLs that answered with a redirect to another URL of the crawl (no page of their own). */
  redirected: number;
  pending: number;
  inProgress: number;
}

export interface PageOutcome {
  page: NewCrawlPage;
  /** 'failed' when no usable answer came (network error, refused, retries exhausted). */
  state: 'done' | 'failed';
  /** Keys of the URLs that redirected to this page on the way (they become 'redirected'). */
  redirectedFrom: string[];
  discovered: FrontierEntry[];
  skipped: SkippedEntry[];
  maxPages: number;
  credits: number;
  /**
   * Claim the crawl's next due URL in the same statement: the loop's next claim rides on this write
   * instead of a round trip of its own. The URLs this page discovers are not among the candidates
   * (the statement sees the frontier as it was before it).
   */
  claimNext?: boolean;
}

/** What recording a page did: the discovered URLs it added, and the next URL it claimed (if asked and one was due). */
export interface RecordedPage {
  added: string[];
  next?: FrontierRow;
}

/** What claiming a redirect's target found: it is now ours to fetch, or the crawl has it already. */
export type RedirectClaim = 'claimed' | 'known';

/**
 * The pending rows, said as a literal (not a bound parameter) so that a prepared statement's generic
 * plan, too, can use the partial index crawl_frontier_pending_seq_idx.
 */
const IS_PENDING = sql`${crawlFrontier.state} = 'pending'`;

/** A URL counts towards maxPages unless robots.txt kept it out or it only redirected to another page. */
const UNCOUNTED = `not in ('skipped', 'redirected')`;

/**
 * The crawl frontier in PostgreSQL: one row per discovered page, keyed (job_id, canonical url) so a
 * page is discovered once. A worker claims one row at a time; the page and the row's new state are
 * written in one statement, so a resumed job never fetches a finished URL again.
 */
export class CrawlFrontierRepository {
  constructor(private readonly db: Database) {}

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
    await runStatement(this.db, SEED, [jobId, jsonParam(entries.map(entryJson)), maxPages, jsonParam(skipped.map(skippedJson))]);
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
    const [row] = await runStatement<{ next: ClaimedJson | null }>(this.db, CLAIM_NEXT, [jobId]);
    return row?.next ? frontierRowOf(jobId, row.next) : undefined;
  }

  /**
   * Claims the target of a redirect the crawl is following: a URL new to the crawl is added in
   * progress (it takes the slot of the URL that redirected, so maxPages is not exceeded), a pending
   * one is taken; one the crawl already fetched, is fetching or keeps out is 'known'.
   */
  async claimRedirectTarget(jobId: string, entry: FrontierEntry): Promise<RedirectClaim> {
    const rows = await this.db
      .insert(crawlFrontier)
      .values({
        jobId,
        url: entry.url,
        fetchUrl: entry.fetchUrl ?? null,
        depth: entry.depth,
        discoveredFrom: entry.discoveredFrom ?? null,
        state: 'in_progress',
        attempts: 1,
      })
      .onConflictDoUpdate({
        target: [crawlFrontier.jobId, crawlFrontier.url],
        set: { state: 'in_progress', attempts: sql`${crawlFrontier.attempts} + 1` },
        setWhere: eq(crawlFrontier.state, 'pending'),
      })
      .returning({ url: crawlFrontier.url });
    return rows.length === 1 ? 'claimed' : 'known';
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
      .where(and(eq(crawlFrontier.jobId, jobId), IS_PENDING));
    return row && row.pending > 0 ? row.waitMs : null;
  }

  /**
   * Puts claimed URLs back to be tried again after `delayMs` (database clock, so workers agree), and
   * counts the credits the answer cost (a scraping API bills a retried answer too).
   */
  async retryLater(jobId: string, urls: string[], delayMs: number, error: string, credits = 0): Promise<void> {
    const parts: SQLWrapper[] = [
      this.db
        .update(crawlFrontier)
        .set({
          state: 'pending',
          notBefore: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
          lastError: error,
        })
        .where(and(eq(crawlFrontier.jobId, jobId), inArray(crawlFrontier.url, urls))),
    ];
    if (credits > 0) parts.push(countCredits(sql, jobId, credits));
    await this.inOneStatement(parts);
  }

  /**
   * Stores the page, finishes its URL (and the URLs that redirected to it), adds what it linked to
   * and counts its credits: all or nothing, as one statement of data-modifying CTEs — one round
   * trip. Every part reads the same snapshot; none depends on another's rows. Run once per crawled
   * page, so its text is fixed (prepared once per connection) and every list goes as one JSON value.
   * Answers the discovered URLs it added: the caller need not send them again (the frontier keeps them).
   */
  async recordPage(jobId: string, url: string, outcome: PageOutcome): Promise<RecordedPage> {
    const { page } = outcome;
    const [row] = await runStatement<{ added: string[] | null; next: ClaimedJson | null }>(this.db, RECORD_PAGE, [
      jobId,
      ...CRAWL_PAGE_WRITE.values(url, page),
      outcome.state,
      jsonParam(outcome.redirectedFrom),
      jsonParam(outcome.discovered.map(entryJson)),
      outcome.maxPages,
      jsonParam(outcome.skipped.map(skippedJson)),
      outcome.credits,
      outcome.claimNext ?? false,
    ]);
    return { added: row?.added ?? [], ...(row?.next ? { next: frontierRowOf(jobId, row.next) } : {}) };
  }

  /**
   * Finishes URLs that redirected to `target` without a page of their own: the crawl has the target
   * already (or keeps out of it, said by `note`).
   */
  async recordRedirect(jobId: string, urls: string[], target: string, note: string | null, credits = 0): Promise<void> {
    const parts: SQLWrapper[] = [this.redirectedUpdate(jobId, urls, target, note)];
    if (credits > 0) parts.push(countCredits(sql, jobId, credits));
    await this.inOneStatement(parts);
  }

  async addCredits(jobId: string, credits: number): Promise<void> {
    if (credits > 0) await this.db.execute(countCredits(sql, jobId, credits));
  }

  /** Read for the progress of every running crawl once a second: a fixed statement too. */
  async counts(jobId: string): Promise<FrontierCounts> {
    const [row] = await runStatement<Record<keyof FrontierCounts, string | number>>(this.db, COUNTS, [jobId]);
    return countsOf(row);
  }

  /**
   * The crawl's progress, counted and written to its job row (while it runs) in one statement: the
   * count and the update used to be two round trips, each running crawl's every second or so.
   */
  async writeProgress(jobId: string): Promise<FrontierCounts> {
    const [row] = await runStatement<Record<keyof FrontierCounts, string | number>>(this.db, WRITE_PROGRESS, [jobId]);
    return countsOf(row);
  }

  listByJob(jobId: string): Promise<FrontierRow[]> {
    return this.db.select().from(crawlFrontier).where(eq(crawlFrontier.jobId, jobId)).orderBy(asc(crawlFrontier.seq));
  }

  private redirectedUpdate(jobId: string, urls: string[], target: string, note: string | null) {
    return this.db
      .update(crawlFrontier)
      .set({ state: 'redirected', redirectedTo: target, lastError: note })
      .where(and(eq(crawlFrontier.jobId, jobId), inArray(crawlFrontier.url, urls)));
  }

  /** Writes as one statement of data-modifying CTEs: atomic, one round trip. */
  private async inOneStatement(parts: SQLWrapper[]): Promise<void> {
    if (parts.length === 0) return;
    // getSQL(): a query builder embedded as it is would be wrapped in a second pair of parentheses.
    const steps = parts.map((part, index) => sql`${sql.raw(`step_${index}`)} as (${part.getSQL()})`);
    await this.db.execute(sql`with ${sql.join(steps, sql`, `)} select 1`);
  }
}

/**
 * The one place a crawl's credits are counted, written once for both kinds of statement: with `sql` it is
 * a drizzle query binding `job` and `credits`; with `String.raw` it is text for a fixed statement, given
 * that statement's placeholders.
 */
function countCredits<J, C, R>(tag: (strings: TemplateStringsArray, ...values: (J | C)[]) => R, job: J, credits: C): R {
  return tag`update crawl_jobs set credits_used = credits_used + ${credits}::int where id = ${job}::uuid and ${credits}::int > 0`;
}

const countsOf = (row: Record<keyof FrontierCounts, string | number> | undefined): FrontierCounts => ({
  planned: Number(row?.planned ?? 0),
  done: Number(row?.done ?? 0),
  redirected: Number(row?.redirected ?? 0),
  pending: Number(row?.pending ?? 0),
  inProgress: Number(row?.inProgress ?? 0),
});

/** A crawl's percent done: whole percents, rounded down (progressPercent, in SQL). */
export const progressPercent = (counts: Pick<FrontierCounts, 'done' | 'planned'>): number =>
  counts.planned === 0 ? 0 : Math.floor((counts.done * 100) / counts.planned);

const entryJson = (e: FrontierEntry) => ({
  url: e.url,
  fetch: e.fetchUrl ?? null,
  depth: e.depth,
  from: e.discoveredFrom ?? null,
});
const skippedJson = (e: SkippedEntry) => ({ ...entryJson(e), reason: e.reason });

/**
 * Inserts new URLs ($1 the job; `list` the parameter of a JSON array of entries) in discovery order
 * while the job has fewer than `max` counted URLs. URLs already known, and repeats within the list,
 * are filtered first so they do not use up the room.
 */
const pendingInsert = (list: string, max: string) => `
    insert into crawl_frontier (job_id, url, fetch_url, depth, discovered_from)
    select $1::uuid, e.value->>'url', e.value->>'fetch', (e.value->>'depth')::int, e.value->>'from'
    from (
      select distinct on (value->>'url') value, ord
      from jsonb_array_elements(${list}::jsonb) with ordinality as listed(value, ord)
      order by value->>'url', ord
    ) as e
    where not exists (select 1 from crawl_frontier f where f.job_id = $1::uuid and f.url = e.value->>'url')
    order by e.ord
    limit greatest(0, ${max}::int - (select count(*) from crawl_frontier f where f.job_id = $1::uuid and f.state ${UNCOUNTED}))
    on conflict do nothing`;

/** URLs kept for the record but not fetched ($1 the job; `list` a JSON array of entries with their reason). */
const skippedInsert = (list: string) => `
    insert into crawl_frontier (job_id, url, fetch_url, depth, discovered_from, state, last_error)
    select $1::uuid, e->>'url', e->>'fetch', (e->>'depth')::int, e->>'from', 'skipped', e->>'reason'
    from jsonb_array_elements(${list}::jsonb) as e
    on conflict do nothing`;

const COUNTS: FixedStatement = {
  name: 'crawl_frontier_counts',
  text: `select count(*) filter (where state ${UNCOUNTED})::int as planned,
    count(*) filter (where state in ('done', 'failed'))::int as done,
    count(*) filter (where state = 'redirected')::int as redirected,
    count(*) filter (where state = 'pending')::int as pending,
    count(*) filter (where state = 'in_progress')::int as "inProgress"
    from crawl_frontier where job_id = $1::uuid`,
};

/** COUNTS, and the running job's row told them (pages done, planned and the percent progressPercent gives). */
const WRITE_PROGRESS: FixedStatement = {
  name: 'crawl_frontier_write_progress',
  text: `with counts as (${COUNTS.text}), job as (
    update crawl_jobs set pages_done = counts.done, pages_planned = counts.planned,
      progress = case when counts.planned = 0 then 0 else counts.done * 100 / counts.planned end, updated_at = now()
    from counts where crawl_jobs.id = $1::uuid and crawl_jobs.status = 'running'
  ) select * from counts`,
};

/** $1 job, $2 entries (JSON), $3 maxPages, $4 skipped entries (JSON). */
const SEED: FixedStatement = {
  name: 'crawl_frontier_seed',
  text: `with discovered as (${pendingInsert('$2', '$3')}), skipped as (${skippedInsert('$4')}) select 1`,
};

/**
 * A claim and a stored page commit without waiting for their WAL to reach the disk (asynchronous
 * commit, for that statement's transaction only): they are the product's most frequent writes, and
 * a disk flush for each cost the database more than the writes themselves. Nothing is half written —
 * a page and its frontier row commit together or not at all — and what a database crash can lose is
 * the last fraction of a second of claims and pages, whose URLs are then pending or in progress again
 * and are fetched when the crawl resumes. Job states, schedules and users' data commit as always.
 * `set_config(…, true)` is SET LOCAL as an expression, so it fits in the one statement.
 */
const COMMIT_WITHOUT_WAITING_FOR_DISK = `set_config('synchronous_commit', 'off', true)`;

/**
 * Claims job $1's oldest pending URL that is due, when `asked` (an SQL boolean) holds; the claimed row is
 * the CTE's, its columns as ClaimedJson reads them. The pending rows are said with a literal state, so a
 * generic plan can use the partial index crawl_frontier_pending_seq_idx. The next URL is compared with `=`
 * to a scalar subquery: PostgreSQL runs an uncorrelated scalar subquery once (an InitPlan), and a scalar
 * yields one value, which the (job_id, url) key matches at most once. `url IN (SELECT … LIMIT 1 FOR UPDATE
 * SKIP LOCKED)` did not say that: under a plan that rescans the subquery (a nested-loop semi join, e.g. a
 * generic plan after ANALYZE on a small table) each rescan locked the next row and one statement claimed
 * several. The statements answer `(select row_to_json(next) from next)`, which fails rather than answer two.
 */
const claimDue = (asked: string) => `
    update crawl_frontier set state = 'in_progress', attempts = attempts + 1
    where ${asked} and job_id = $1::uuid and url = (
      select url from crawl_frontier
      where job_id = $1::uuid and state = 'pending' and (not_before is null or not_before <= now())
      order by seq limit 1 for update skip locked
    )
    returning url, fetch_url, seq, depth, state, attempts, not_before, last_error, discovered_from, redirected_to`;

/** $1 job. Answers `next`, the URL claimed as JSON (null when none is due). */
const CLAIM_NEXT: FixedStatement = {
  name: 'crawl_frontier_claim_next',
  text: `with next as (${claimDue('true')})
  select ${COMMIT_WITHOUT_WAITING_FOR_DISK}, (select row_to_json(next) from next) as next`,
};

/** `$n` of the parameter `offset` places after the page's ($1 is the job, then the page's columns). */
const afterPage = (offset: number): string => `$${CRAWL_PAGE_WRITE.params + offset}`;
const PAGE_URL = CRAWL_PAGE_WRITE.param('url');
const PAGE_ERROR = CRAWL_PAGE_WRITE.param('error');

/**
 * $1 job, then the page (CRAWL_PAGE_WRITE's columns; it writes the page, the rest here its URL's frontier row), then:
 * the frontier state, the keys that redirected to it (JSON), discovered entries (JSON), maxPages, skipped entries (JSON),
 * credits, whether to claim the next due URL. Answers `added`, the discovered URLs inserted (null when none), and
 * `next`, the URL claimed (null when not asked or none is due), as JSON.
 */
const RECORD_PAGE: FixedStatement = {
  name: 'crawl_frontier_record_page',
  text: `
  with page as (
    ${CRAWL_PAGE_WRITE.sql}
  ), finished as (
    update crawl_frontier set state = ${afterPage(1)}, last_error = ${PAGE_ERROR} where job_id = $1::uuid and url = ${PAGE_URL}
  ), redirected as (
    update crawl_frontier set state = 'redirected', redirected_to = ${PAGE_URL}, last_error = null
    where job_id = $1::uuid and url in (select jsonb_array_elements_text(${afterPage(2)}::jsonb))
  ), discovered as (${pendingInsert(afterPage(3), afterPage(4))} returning url
  ), skipped as (${skippedInsert(afterPage(5))}
  ), credits as (
    ${countCredits(String.raw, '$1', afterPage(6))}
  ), next as (${claimDue(`${afterPage(7)}::boolean`)}
  )
  select ${COMMIT_WITHOUT_WAITING_FOR_DISK}, (select array_agg(url) from discovered) as added,
    (select row_to_json(next) from next) as next`,
};

/** A claimed frontier row as CLAIM_NEXT and RECORD_PAGE answer it (row_to_json: column names, a timestamp as text). */
interface ClaimedJson {
  url: string;
  fetch_url: string | null;
  seq: number | string;
  depth: number;
  state: FrontierRow['state'];
  attempts: number;
  not_before: string | null;
  last_error: string | null;
  discovered_from: string | null;
  redirected_to: string | null;
}

const frontierRowOf = (jobId: string, row: ClaimedJson): FrontierRow => ({
  jobId,
  url: row.url,
  fetchUrl: row.fetch_url,
  seq: Number(row.seq),
  depth: row.depth,
  state: row.state,
  attempts: row.attempts,
  notBefore: row.not_before === null ? null : new Date(row.not_before),
  lastError: row.last_error,
  discoveredFrom: row.discovered_from,
  redirectedTo: row.redirected_to,
});
