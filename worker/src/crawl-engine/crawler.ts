import type { CrawlFrontierRepository, CrawlJobsRepository, FrontierEntry, FrontierRow, SkippedEntry } from '@vendorwatch/db';
import { CrawlAbortedError, sleep, throwIfAborted } from './abort';
import { CriticalCrawlError, errorMessage, RetryableFetchError } from './errors';
import type { Fetcher, FetchedPage } from './fetcher';
import type { HostGate } from './host-gate';
import type { HttpClient, TextGetter } from './http-client';
import { failedPageRecord, pageRecord, type PageOwner } from './page-record';
import type { ProgressReporter } from './progress';
import { backoffMs, isRetryableStatus, parseRetryAfter } from './retry-policy';
import { RobotsCache } from './robots-cache';
import type { CrawlScopeRules } from './scope';
import type { ScreenshotStore } from './screenshot-store';
import { loadSitemapUrls } from './sitemap';
import { hostOf, originOf } from './url';
import { WriteBehind } from './write-behind';

export interface CrawlPlan {
  owner: PageOwner;
  startUrls: string[];
  scope: CrawlScopeRules;
  maxPages: number;
  /** The crawl's own delay, already raised to the operator's minimum; robots.txt may raise it further. */
  crawlDelayMs: number;
  maxRetries: number;
}

export interface CrawlerDeps {
  frontier: CrawlFrontierRepository;
  jobs: CrawlJobsRepository;
  http: HttpClient;
  hostGate: HostGate;
  screenshots: ScreenshotStore;
}

/**
 * The crawl loop, written once for every method: seed the frontier (start URLs + sitemap), then
 * claim one URL at a time, wait for the host's turn, fetch through the method's Fetcher, and store
 * the page with the URLs it links to — or put the URL back with backoff when it is worth retrying.
 * A page is stored while the next one is claimed and fetched (WriteBehind); when nothing is left
 * to claim, the loop waits for that store, whose links may be what comes next.
 */
export class Crawler {
  constructor(private readonly deps: CrawlerDeps) {}

  async run(plan: CrawlPlan, fetcher: Fetcher, signal: AbortSignal, progress: ProgressReporter): Promise<void> {
    const { frontier } = this.deps;
    const jobId = plan.owner.jobId;
    const robots: RobotsCache = new RobotsCache(
      this.politeGetText(plan, () => robots, signal),
      signal,
    );

    if (await frontier.isSeeded(jobId)) await frontier.releaseInProgress(jobId);
    else await this.seed(plan, robots, signal);
    await progress.report();

    const writes = new WriteBehind();
    try {
      await this.claimAndProcess(plan, fetcher, robots, writes, progress, signal);
    } catch (error) {
      // What was fetched is kept whatever stopped the loop; the loop's error is the one to report.
      await writes.settle().catch(() => undefined);
      throw error;
    }
    await writes.settle();
  }

  private async claimAndProcess(
    plan: CrawlPlan,
    fetcher: Fetcher,
    robots: RobotsCache,
    writes: WriteBehind,
    progress: ProgressReporter,
    signal: AbortSignal,
  ): Promise<void> {
    const { frontier } = this.deps;
    const jobId = plan.owner.jobId;
    for (;;) {
      throwIfAborted(signal);
      const row = await frontier.claimNext(jobId);
      if (!row) {
        if (writes.pending) {
          await writes.settle();
          continue;
        }
        const waitMs = await frontier.msUntilNextDue(jobId);
        if (waitMs === null) return;
        await sleep(Math.min(Math.max(waitMs, 10), 1000), signal);
        continue;
      }
      await this.process(plan, row, fetcher, robots, writes, signal);
      await progress.maybeReport();
    }
  }

  private async seed(plan: CrawlPlan, robots: RobotsCache, signal: AbortSignal): Promise<void> {
    const origins = [...new Set(plan.startUrls.map(originOf))];
    const sitemapCandidates: string[] = [];
    for (const origin of origins) {
      const rules = await robots.get(origin);
      sitemapCandidates.push(...rules.sitemaps, `${origin}/sitemap.xml`);
    }
    const listed = await loadSitemapUrls(
      this.politeGetText(plan, () => robots, signal),
      sitemapCandidates,
      signal,
      plan.maxPages * 5,
    );
    const entries: FrontierEntry[] = [
      ...plan.startUrls.map((url) => ({ url, depth: 0 })),
      ...listed.filter((url) => plan.scope.check(url).inScope).map((url) => ({ url, depth: 1, discoveredFrom: 'sitemap' })),
    ];
    const { allowed, skipped } = await this.applyRobots(entries, robots);
    await this.deps.frontier.seed(plan.owner.jobId, allowed, skipped, plan.maxPages);
  }

  private async process(
    plan: CrawlPlan,
    row: FrontierRow,
    fetcher: Fetcher,
    robots: RobotsCache,
    writes: WriteBehind,
    signal: AbortSignal,
  ): Promise<void> {
    const { frontier, screenshots } = this.deps;
    const jobId = plan.owner.jobId;
    await robots.get(originOf(row.url));
    const delayMs = this.delayFor(plan, robots, row.url);
    const canRetry = row.attempts <= plan.maxRetries;

    const attempt = await this.atHost<{ fetched: FetchedPage } | { error: unknown }>(
      row.url,
      delayMs,
      signal,
      async (pauseHost) => {
        try {
          const fetched = await fetcher.fetch(row.url, signal);
          const retryAfter = parseRetryAfter(fetched.headers['retry-after']);
          if (retryAfter !== undefined && isRetryableStatus(fetched.statusCode)) pauseHost(retryAfter);
          return { fetched };
        } catch (error) {
          if (error instanceof RetryableFetchError && error.retryAfterMs !== undefined) pauseHost(error.retryAfterMs);
          return { error };
        }
      },
    );

    if ('error' in attempt) {
      const { error } = attempt;
      if (error instanceof CrawlAbortedError || error instanceof CriticalCrawlError) throw error;
      if (error instanceof RetryableFetchError && canRetry) {
        return writes.push(() =>
          frontier.retryLater(jobId, row.url, error.retryAfterMs ?? backoffMs(row.attempts), error.message),
        );
      }
      const page = failedPageRecord(plan.owner, row.url, errorMessage(error));
      return writes.push(() =>
        frontier.recordPage(jobId, row.url, {
          page,
          state: 'failed',
          discovered: [],
          skipped: [],
          maxPages: plan.maxPages,
          credits: 0,
        }),
      );
    }

    const { fetched } = attempt;
    if (isRetryableStatus(fetched.statusCode) && canRetry) {
      const wait = parseRetryAfter(fetched.headers['retry-after']) ?? backoffMs(row.attempts);
      return writes.push(async () => {
        if (fetched.credits) await this.deps.jobs.addCredits(jobId, fetched.credits);
        await frontier.retryLater(jobId, row.url, wait, `HTTP ${fetched.statusCode}`);
      });
    }
    const screenshotPath = fetched.screenshot ? await screenshots.save(jobId, row.url, fetched.screenshot) : null;
    const { allowed, skipped } = await this.linksOf(plan, row, fetched, robots);
    await writes.push(() =>
      frontier.recordPage(jobId, row.url, {
        page: pageRecord(plan.owner, fetched, screenshotPath),
        state: 'done',
        discovered: allowed,
        skipped,
        maxPages: plan.maxPages,
        credits: fetched.credits ?? 0,
      }),
    );
  }

  /** Links worth following: from a 2xx HTML page still on the site, in scope, allowed by robots.txt. */
  private async linksOf(plan: CrawlPlan, row: FrontierRow, fetched: FetchedPage, robots: RobotsCache) {
    const links = fetched.document?.links ?? [];
    const followable = fetched.statusCode >= 200 && fetched.statusCode < 300 && plan.scope.check(fetched.finalUrl).inScope;
    if (!followable || links.length === 0) return { allowed: [], skipped: [] };
    const entries = links
      .filter((url) => plan.scope.check(url).inScope)
      .map((url) => ({ url, depth: row.depth + 1, discoveredFrom: row.url }));
    return this.applyRobots(entries, robots);
  }

  private async applyRobots(
    entries: FrontierEntry[],
    robots: RobotsCache,
  ): Promise<{ allowed: FrontierEntry[]; skipped: SkippedEntry[] }> {
    const allowed: FrontierEntry[] = [];
    const skipped: SkippedEntry[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.url)) continue;
      seen.add(entry.url);
      const rules = await robots.get(originOf(entry.url));
      if (rules.disallowAllReason) skipped.push({ ...entry, reason: rules.disallowAllReason });
      else if (!rules.isAllowed(entry.url)) skipped.push({ ...entry, reason: 'Disallowed by robots.txt' });
      else allowed.push(entry);
    }
    return { allowed, skipped };
  }

  /**
   * Runs `work` holding the host's turn: one request at a time per host, across all workers, and
   * `delayMs` (or a server's longer Retry-After) before the next one.
   */
  private async atHost<T>(
    url: string,
    delayMs: number,
    signal: AbortSignal,
    work: (pauseHost: (ms: number) => void) => Promise<T>,
  ): Promise<T> {
    const lease = await this.deps.hostGate.acquire(hostOf(url), signal);
    let releaseAfter = delayMs;
    try {
      return await work((ms) => {
        releaseAfter = Math.max(releaseAfter, ms);
      });
    } finally {
      await lease.release(releaseAfter);
    }
  }

  /** The crawl's delay, or the site's robots.txt Crawl-delay when that is longer. */
  private delayFor(plan: CrawlPlan, robots: RobotsCache, url: string): number {
    return Math.max(plan.crawlDelayMs, robots.peek(originOf(url))?.crawlDelayMs ?? 0);
  }

  /** robots.txt and sitemaps are requests to the site too: they wait their turn like pages. */
  private politeGetText(plan: CrawlPlan, robots: () => RobotsCache, signal: AbortSignal): TextGetter {
    return (url, getSignal) =>
      this.atHost(url, this.delayFor(plan, robots(), url), signal, () => this.deps.http.getText(url, getSignal));
  }
}
