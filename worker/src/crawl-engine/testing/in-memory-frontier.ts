import type { NewCrawlPage } from '@vendorwatch/db';
import type { Clock } from '../loop/clock';
import type {
  Frontier,
  FrontierCounts,
  FrontierEntry,
  FrontierRow,
  PageOutcome,
  RecordedPage,
  RedirectClaim,
  SkippedEntry,
} from '../loop/frontier';

const UNCOUNTED = new Set(['skipped', 'redirected']);

/**
 * The frontier's rules in memory, for the fast crawl-engine tests. It runs the same contract tests
 * as CrawlFrontierRepository (frontier-contract.ts), so the two cannot drift apart unnoticed.
 */
export class InMemoryFrontier implements Frontier {
  private seq = 0;
  private readonly rows = new Map<string, Map<string, FrontierRow>>();
  readonly pages = new Map<string, Map<string, NewCrawlPage>>();
  readonly credits = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  async isSeeded(jobId: string): Promise<boolean> {
    return this.job(jobId).size > 0;
  }

  async seed(jobId: string, entries: FrontierEntry[], skipped: SkippedEntry[], maxPages: number): Promise<void> {
    this.insertPending(jobId, entries, maxPages, this.counted(jobId));
    this.insertSkipped(jobId, skipped);
  }

  async releaseInProgress(jobId: string): Promise<number> {
    let released = 0;
    for (const row of this.job(jobId).values())
      if (row.state === 'in_progress') {
        row.state = 'pending';
        released++;
      }
    return released;
  }

  async claimNext(jobId: string): Promise<FrontierRow | undefined> {
    const next = this.dueNext(jobId);
    return next && this.claim(next);
  }

  async claimRedirectTarget(jobId: string, entry: FrontierEntry): Promise<RedirectClaim> {
    const existing = this.job(jobId).get(entry.url);
    if (!existing) {
      this.job(jobId).set(entry.url, { ...this.newRow(jobId, entry), state: 'in_progress', attempts: 1 });
      return 'claimed';
    }
    if (existing.state !== 'pending') return 'known';
    existing.state = 'in_progress';
    existing.attempts += 1;
    return 'claimed';
  }

  async msUntilNextDue(jobId: string): Promise<number | null> {
    const now = this.clock.now();
    const pending = [...this.job(jobId).values()].filter((row) => row.state === 'pending');
    if (pending.length === 0) return null;
    return Math.max(0, Math.min(...pending.map((row) => (row.notBefore?.getTime() ?? now) - now)));
  }

  async retryLater(jobId: string, urls: string[], delayMs: number, error: string, credits = 0): Promise<void> {
    for (const url of urls) {
      const row = this.job(jobId).get(url);
      if (!row) continue;
      row.state = 'pending';
      row.notBefore = new Date(this.clock.now() + Math.max(0, Math.round(delayMs)));
      row.lastError = error;
    }
    void this.addCredits(jobId, credits);
  }

  async recordPage(jobId: string, url: string, outcome: PageOutcome): Promise<RecordedPage> {
    // Like the one SQL statement: every part sees the frontier as it was before any of them.
    const counted = this.counted(jobId);
    const next = outcome.claimNext ? this.dueNext(jobId) : undefined;
    this.jobPages(jobId).set(url, { ...outcome.page, jobId, url });
    const row = this.job(jobId).get(url);
    if (row) {
      row.state = outcome.state;
      row.lastError = outcome.page.error ?? null;
    }
    this.markRedirected(jobId, outcome.redirectedFrom, url, null);
    const added = this.insertPending(jobId, outcome.discovered, outcome.maxPages, counted);
    this.insertSkipped(jobId, outcome.skipped);
    void this.addCredits(jobId, outcome.credits);
    return { added, ...(next ? { next: this.claim(next) } : {}) };
  }

  async recordRedirect(jobId: string, urls: string[], target: string, note: string | null, credits = 0): Promise<void> {
    this.markRedirected(jobId, urls, target, note);
    void this.addCredits(jobId, credits);
  }

  async counts(jobId: string): Promise<FrontierCounts> {
    const rows = [...this.job(jobId).values()];
    const count = (states: string[]) => rows.filter((row) => states.includes(row.state)).length;
    return {
      planned: rows.filter((row) => !UNCOUNTED.has(row.state)).length,
      done: count(['done', 'failed']),
      redirected: count(['redirected']),
      pending: count(['pending']),
      inProgress: count(['in_progress']),
    };
  }

  /** The frontier's rows in discovery order (for assertions). */
  list(jobId: string): FrontierRow[] {
    return [...this.job(jobId).values()].sort((a, b) => a.seq - b.seq).map((row) => ({ ...row }));
  }

  /** The oldest pending URL that is due. */
  private dueNext(jobId: string): FrontierRow | undefined {
    const now = this.clock.now();
    return [...this.job(jobId).values()]
      .filter((row) => row.state === 'pending' && (!row.notBefore || row.notBefore.getTime() <= now))
      .sort((a, b) => a.seq - b.seq)[0];
  }

  private claim(row: FrontierRow): FrontierRow {
    row.state = 'in_progress';
    row.attempts += 1;
    return { ...row };
  }

  private insertPending(jobId: string, entries: FrontierEntry[], maxPages: number, counted: number): string[] {
    const added: string[] = [];
    let room = Math.max(0, maxPages - counted);
    for (const entry of entries) {
      if (room === 0) break;
      if (this.job(jobId).has(entry.url)) continue;
      this.job(jobId).set(entry.url, this.newRow(jobId, entry));
      added.push(entry.url);
      room--;
    }
    return added;
  }

  private insertSkipped(jobId: string, entries: SkippedEntry[]): void {
    for (const entry of entries)
      if (!this.job(jobId).has(entry.url))
        this.job(jobId).set(entry.url, { ...this.newRow(jobId, entry), state: 'skipped', lastError: entry.reason });
  }

  private markRedirected(jobId: string, urls: string[], target: string, note: string | null): void {
    for (const url of urls) {
      const row = this.job(jobId).get(url);
      if (!row) continue;
      row.state = 'redirected';
      row.redirectedTo = target;
      row.lastError = note;
    }
  }

  async addCredits(jobId: string, credits: number): Promise<void> {
    if (credits > 0) this.credits.set(jobId, (this.credits.get(jobId) ?? 0) + credits);
  }

  private counted(jobId: string): number {
    return [...this.job(jobId).values()].filter((row) => !UNCOUNTED.has(row.state)).length;
  }

  private newRow(jobId: string, entry: FrontierEntry): FrontierRow {
    return {
      jobId,
      url: entry.url,
      fetchUrl: entry.fetchUrl ?? null,
      seq: ++this.seq,
      depth: entry.depth,
      state: 'pending',
      attempts: 0,
      notBefore: null,
      lastError: null,
      discoveredFrom: entry.discoveredFrom ?? null,
      redirectedTo: null,
    };
  }

  private job(jobId: string): Map<string, FrontierRow> {
    let rows = this.rows.get(jobId);
    if (!rows) this.rows.set(jobId, (rows = new Map()));
    return rows;
  }

  private jobPages(jobId: string): Map<string, NewCrawlPage> {
    let pages = this.pages.get(jobId);
    if (!pages) this.pages.set(jobId, (pages = new Map()));
    return pages;
  }
}
