import type { SiteFacts } from '@vendorwatch/compliance';
import { CrawlAbortedError, throwIfAborted } from '../primitives/abort';
import { originOf, type CanonicalForms, type UrlCanonicalizer } from '../urls/canonical-url';
import { systemClock, type Clock } from './clock';
import {
  CriticalCrawlError,
  errorMessage,
  PageFetchError,
  RetryableFetchError,
  UnexpectedCrawlError,
} from '../primitives/errors';
import type { Fetcher, FetchedPage, FetchHooks, InTurn, RedirectDecision } from '../fetchers/fetcher';
import type { Frontier, FrontierEntry, FrontierRow, SkippedEntry } from './frontier';
import type { HostGate } from '../politeness/host-gate';
import type { TextGetter } from '../fetchers/http/http-client';
import { failedPageRecord, pageRecord, type PageOwner } from '../page-reading/page-record';
import { atHost, fetchInTurn, type HostTurn } from '../politeness/politeness';
import type { ProgressReporter } from './progress';
import { retryDelayMs, type FetchAttempt } from '../politeness/retry-policy';
import { RobotsCache } from '../politeness/robots-cache';
import type { CrawlScopeRules } from '../urls/scope';
import type { AtSite, SiteProbe } from '../fetchers/site-probe';
import { loadSitemapUrls } from '../urls/sitemap';
import { WriteBehind } from './write-behind';

export interface CrawlPlan {
  owner: PageOwner;
  /** As given (absolute http(s) URLs); canonicalised when seeded. */
  startUrls: string[];
  scope: CrawlScopeRules;
  canonical: UrlCanonicalizer;
  maxPages: number;
  /** The crawl's own delay, already raised to the operator's minimum; robots.txt may raise it further. */
  crawlDelayMs: number;
  maxRetries: number;
}

/** What the loop needs besides the frontier; each a small interface, so the fast tests can fake it. */
export interface CrawlerDeps {
  frontier: Frontier;
  /** Remembers a host the crawl took into its scope (for a resumed run), the start host's facts, and its start URLs once over plain HTTP. */
  jobs: {
    addScopeHost(jobId: string, host: string): Promise<void>;
    saveSiteFacts(jobId: string, facts: SiteFacts): Promise<void>;
    useStartUrls(jobId: string, startUrls: string[]): Promise<void>;
  };
  /** Reads the start host's facts (TLS, http:// entry, security.txt) the way the crawl's method can. */
  siteProbe?: (fetcher: Fetcher) => SiteProbe;
  /** robots.txt and sitemaps. */
  http: { getText(url: string, signal: AbortSignal, hooks?: FetchHooks): ReturnType<TextGetter> };
  hostGate: HostGate;
  screenshots: { save(jobId: string, url: string, png: Buffer): Promise<string> };
  clock?: Clock;
}

/** The canonical keys one fetch holds: the claimed row's, then each redirect target it took on the way. */
type Claimed = string[];

/** How a fetch ended, after the engine decided about retries: what is written next. */
type Settled =
  | { kind: 'retry'; waitMs: number; reason: string; credits: number }
  | { kind: 'failed'; error: string }
  | { kind: 'redirect'; target: string; note: string | null; credits: number }
  | { kind: 'page'; fetched: FetchedPage };

/**
 * The crawl loop, written once for every method: seed the frontier (start URLs + sitemap), then
 * claim one URL at a time, wait for the host's turn, fetch through the method's Fetcher — every
 * redirect hop waiting its host's turn too, its target claimed in the frontier like any other
 * URL — and store the page with the URLs it links to, or put the URL back when it is worth
 * retrying. A stored page's statement claims the next URL too (one round trip for both, during the
 * host's rest that follows the fetch); the other outcomes are written while the next URL is claimed
 * and fetched (WriteBehind).
 */
export class Crawler {
  private readonly clock: Clock;

  constructor(private readonly deps: CrawlerDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async run(planned: CrawlPlan, fetcher: Fetcher, signal: AbortSignal, progress: ProgressReporter): Promise<void> {
    let plan = planned;
    const { frontier } = this.deps;
    const jobId = plan.owner.jobId;
    const robots: RobotsCache = new RobotsCache(
      this.politeGetText(plan, () => robots, signal),
      signal,
    );

    if (await frontier.isSeeded(jobId)) await frontier.releaseInProgress(jobId);
    else {
      // Before the seed: a crawl interrupted between the two reads the facts again when it resumes.
      if (this.deps.siteProbe) plan = await this.probeSite(plan, this.deps.siteProbe(fetcher), robots, signal);
      await this.seed(plan, robots, signal);
    }
    await progress.report();

    const writes = new WriteBehind();
    // URLs this run knows the frontier holds (claimed, or added from a page's links): a page's links
    // among them are not sent again — the frontier would only find them known.
    const known = new Set<string>();
    try {
      await this.claimAndProcess(plan, fetcher, robots, writes, progress, signal, known);
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
    known: Set<string>,
  ): Promise<void> {
    const { frontier } = this.deps;
    const jobId = plan.owner.jobId;
    let claimedByWrite: FrontierRow | undefined;
    for (;;) {
      throwIfAborted(signal);
      const row = claimedByWrite ?? (await frontier.claimNext(jobId));
      claimedByWrite = undefined;
      if (!row) {
        if (writes.pending) {
          await writes.settle();
          continue;
        }
        const waitMs = await frontier.msUntilNextDue(jobId);
        if (waitMs === null) return;
        await this.clock.sleep(Math.min(Math.max(waitMs, 10), 1000), signal);
        continue;
      }
      known.add(row.url);
      claimedByWrite = await this.process(plan, row, fetcher, robots, writes, signal, known);
      await progress.maybeReport();
    }
  }

  /**
   * Reads the start host's facts; first, a start URL on https whose host does not speak TLS but
   * answers plain HTTP (a bare domain typed for a site without HTTPS) is crawled over HTTP instead —
   * stored as the crawl's start URL, so a resumed crawl and its assessment read it too. Returns the plan.
   */
  private async probeSite(plan: CrawlPlan, probe: SiteProbe, robots: RobotsCache, signal: AbortSignal): Promise<CrawlPlan> {
    const atSite: AtSite = (url, work) =>
      atHost(this.deps.hostGate, this.delayFor(plan, robots), url, signal, (turn) => work(politeHops(turn)));
    const plain = await probe.plainHttpStart?.(plan.startUrls[0]!, atSite, signal);
    if (plain) {
      const origin = originOf(plan.startUrls[0]!);
      const startUrls = plan.startUrls.map((url) =>
        originOf(url) === origin ? `${originOf(plain)}${url.slice(origin.length)}` : url,
      );
      plan = { ...plan, startUrls };
      await this.deps.jobs.useStartUrls(plan.owner.jobId, startUrls);
    }
    const startUrl = plan.startUrls[0]!;
    await robots.get(originOf(startUrl));
    const { facts, credits } = await probe.read(startUrl, atSite, signal, () => this.clock.now());
    await this.deps.jobs.saveSiteFacts(plan.owner.jobId, facts);
    if (credits > 0) await this.deps.frontier.addCredits(plan.owner.jobId, credits);
    return plan;
  }

  private async seed(plan: CrawlPlan, robots: RobotsCache, signal: AbortSignal): Promise<void> {
    const starts = this.entriesOf(plan, plan.startUrls, 0, null, false);
    const sitemapCandidates: string[] = [];
    for (const origin of new Set(starts.map((entry) => originOf(entry.fetchUrl ?? entry.url)))) {
      const rules = await robots.get(origin);
      sitemapCandidates.push(...rules.sitemaps, `${origin}/sitemap.xml`);
    }
    const listed = await loadSitemapUrls(
      this.politeGetText(plan, () => robots, signal),
      sitemapCandidates,
      signal,
      plan.maxPages * 5,
    );
    const { allowed, skipped } = await this.applyRobots([...starts, ...this.entriesOf(plan, listed, 1, 'sitemap', true)], robots);
    await this.deps.frontier.seed(plan.owner.jobId, allowed, skipped, plan.maxPages);
  }

  private async process(
    plan: CrawlPlan,
    row: FrontierRow,
    fetcher: Fetcher,
    robots: RobotsCache,
    writes: WriteBehind,
    signal: AbortSignal,
    known: Set<string>,
  ): Promise<FrontierRow | undefined> {
    const fetchUrl = row.fetchUrl ?? row.url;
    await robots.get(originOf(fetchUrl));
    const claimed: Claimed = [row.url];
    let stopNote: string | null = null;

    const attempt = await fetchInTurn(
      this.deps.hostGate,
      this.delayFor(plan, robots),
      fetcher,
      fetchUrl,
      signal,
      async (to, turn) => {
        const decision = await this.beforeRedirect(plan, row, to, claimed, turn, robots);
        if (decision.note) stopNote = decision.note;
        return decision.decision;
      },
    );

    const settled = await this.settle(plan, row, fetchUrl, attempt, claimed, robots, stopNote);
    if (settled.kind === 'page' && fetcher.readSubresources)
      await fetcher.readSubresources(settled.fetched, this.inTurn(plan, robots), signal);
    return this.write(plan, row, settled, claimed, robots, writes, known);
  }

  /**
   * Whether to follow a redirect to `to`: a URL of the crawl is claimed in the frontier first (one
   * the crawl has already is not fetched again: stop), one robots.txt disallows is not requested,
   * and the hop then waits for its host's turn. A start URL's redirect to its www twin (or back)
   * brings that host into the crawl.
   */
  private async beforeRedirect(
    plan: CrawlPlan,
    row: FrontierRow,
    to: string,
    claimed: Claimed,
    turn: HostTurn,
    robots: RobotsCache,
  ): Promise<{ decision: RedirectDecision; note?: string }> {
    const key = plan.canonical.key(to);
    // A loop back to a URL this fetch holds is followed: the fetcher's redirect limit ends a real loop.
    if (key && !claimed.includes(key)) {
      await this.widenScopeForStartRedirect(plan, row, claimed, to);
      if (plan.scope.check(to).inScope) {
        await turn.leave();
        if (!(await this.robotsAllow(robots, to))) return { decision: 'stop', note: 'Redirects to a URL robots.txt disallows' };
        const claim = await this.deps.frontier.claimRedirectTarget(plan.owner.jobId, this.entryOf(plan, row, to));
        if (claim === 'known') return { decision: 'stop' };
        claimed.push(key);
      }
    }
    await turn.enter(to);
    return { decision: 'follow' };
  }

  /** Decides what a fetch's outcome means for the frontier: retry, a failed page, a redirect, or a page. */
  private async settle(
    plan: CrawlPlan,
    row: FrontierRow,
    fetchUrl: string,
    attempt: FetchAttempt,
    claimed: Claimed,
    robots: RobotsCache,
    stopNote: string | null,
  ): Promise<Settled> {
    if ('error' in attempt) {
      const { error } = attempt;
      if (error instanceof CrawlAbortedError || error instanceof CriticalCrawlError) throw error;
      if (!(error instanceof RetryableFetchError || error instanceof PageFetchError))
        throw new UnexpectedCrawlError(fetchUrl, error);
    }
    const waitMs = retryDelayMs(attempt, row.attempts, plan.maxRetries);
    if (waitMs !== null) {
      const reason = 'error' in attempt ? errorMessage(attempt.error) : `HTTP ${attempt.fetched.statusCode}`;
      return { kind: 'retry', waitMs, reason, credits: 'fetched' in attempt ? (attempt.fetched.credits ?? 0) : 0 };
    }
    if ('error' in attempt) return { kind: 'failed', error: errorMessage(attempt.error) };

    const { fetched } = attempt;
    const credits = fetched.credits ?? 0;
    if (fetched.redirectStoppedAt) {
      return { kind: 'redirect', target: plan.canonical.key(fetched.redirectStoppedAt)!, note: stopNote, credits };
    }
    // A scraping API follows redirects itself (and a page's script may navigate): the URL the answer
    // came from is claimed now, so it is stored once and not fetched again.
    const finalKey = plan.canonical.key(fetched.finalUrl);
    if (finalKey && !claimed.includes(finalKey)) {
      await this.widenScopeForStartRedirect(plan, row, claimed, fetched.finalUrl);
      if (plan.scope.check(fetched.finalUrl).inScope) {
        if (!(await this.robotsAllow(robots, fetched.finalUrl)))
          return { kind: 'redirect', target: finalKey, note: 'Redirects to a URL robots.txt disallows', credits };
        const claim = await this.deps.frontier.claimRedirectTarget(plan.owner.jobId, this.entryOf(plan, row, fetched.finalUrl));
        if (claim === 'known') return { kind: 'redirect', target: finalKey, note: null, credits };
        claimed.push(finalKey);
      }
    }
    return { kind: 'page', fetched };
  }

  /**
   * Writes the outcome: the page is stored under the last URL this fetch claimed; the ones before it
   * redirected there. A page's write is waited for, and answers the next URL it claimed (if one was due).
   */
  private async write(
    plan: CrawlPlan,
    row: FrontierRow,
    settled: Settled,
    claimed: Claimed,
    robots: RobotsCache,
    writes: WriteBehind,
    known: Set<string>,
  ): Promise<FrontierRow | undefined> {
    const { frontier, screenshots } = this.deps;
    const jobId = plan.owner.jobId;
    const key = claimed[claimed.length - 1]!;
    const redirectedFrom = claimed.slice(0, -1);
    switch (settled.kind) {
      case 'retry':
        await writes.push(() => frontier.retryLater(jobId, claimed, settled.waitMs, settled.reason, settled.credits));
        return undefined;
      case 'redirect':
        await writes.push(() => frontier.recordRedirect(jobId, claimed, settled.target, settled.note, settled.credits));
        return undefined;
      case 'failed':
        await writes.push(() =>
          frontier.recordPage(jobId, key, {
            page: failedPageRecord(plan.owner, key, settled.error),
            state: 'failed',
            redirectedFrom,
            discovered: [],
            skipped: [],
            maxPages: plan.maxPages,
            credits: 0,
          }),
        );
        return undefined;
      case 'page': {
        const { fetched } = settled;
        const screenshotPath = fetched.screenshot ? await screenshots.save(jobId, key, fetched.screenshot) : null;
        const linked = (fetched.document?.links ?? []).flatMap((link) => plan.canonical.forms(link) ?? []);
        const unknown = linked.filter((forms) => !known.has(forms.key));
        const { allowed, skipped } = await this.linksToFollow(plan, row, key, fetched, unknown, robots);
        const links = [...new Set(linked.map((forms) => forms.key))];
        // Earlier outcomes land first, in order.
        await writes.settle();
        const { added, next } = await frontier.recordPage(jobId, key, {
          page: pageRecord(plan.owner, key, fetched, screenshotPath, links),
          state: 'done',
          redirectedFrom,
          discovered: allowed,
          skipped,
          maxPages: plan.maxPages,
          credits: fetched.credits ?? 0,
          claimNext: true,
        });
        for (const url of added) known.add(url);
        return next;
      }
    }
  }

  /** Links worth following: from a 2xx HTML page still on the site, in scope, allowed by robots.txt. */
  private async linksToFollow(
    plan: CrawlPlan,
    row: FrontierRow,
    key: string,
    fetched: FetchedPage,
    linked: CanonicalForms[],
    robots: RobotsCache,
  ) {
    const followable = fetched.statusCode >= 200 && fetched.statusCode < 300 && plan.scope.check(fetched.finalUrl).inScope;
    if (!followable || linked.length === 0) return { allowed: [], skipped: [] };
    const entries = linked
      .filter((forms) => plan.scope.check(forms.fetch).inScope)
      .map((forms) => ({ url: forms.key, fetchUrl: forms.fetch, depth: row.depth + 1, discoveredFrom: key }));
    return this.applyRobots(entries, robots);
  }

  /** Frontier entries of absolute URLs: canonical key and the form to fetch; optionally only those in scope. */
  private entriesOf(plan: CrawlPlan, urls: string[], depth: number, from: string | null, inScopeOnly: boolean): FrontierEntry[] {
    const entries: FrontierEntry[] = [];
    for (const url of urls) {
      const forms = plan.canonical.forms(url);
      if (!forms || (inScopeOnly && !plan.scope.check(forms.fetch).inScope)) continue;
      entries.push({ url: forms.key, fetchUrl: forms.fetch, depth, discoveredFrom: from });
    }
    return entries;
  }

  private entryOf(plan: CrawlPlan, row: FrontierRow, url: string): FrontierEntry {
    const forms = plan.canonical.forms(url)!;
    return { url: forms.key, fetchUrl: forms.fetch, depth: row.depth, discoveredFrom: row.url };
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
      const reason = await robots.refusal(entry.fetchUrl ?? entry.url);
      if (reason) skipped.push({ ...entry, reason });
      else allowed.push(entry);
    }
    return { allowed, skipped };
  }

  private async robotsAllow(robots: RobotsCache, url: string): Promise<boolean> {
    return (await robots.refusal(url)) === null;
  }

  /**
   * A start URL that redirects to its www twin (vendor.example → www.vendor.example, or back) means
   * the site lives there: that host joins the crawl's scope, remembered for a resumed run.
   */
  private async widenScopeForStartRedirect(plan: CrawlPlan, row: FrontierRow, claimed: Claimed, to: string): Promise<void> {
    if (row.depth !== 0 || plan.scope.check(to).inScope) return;
    const from = new URL(claimed[claimed.length - 1]!).hostname;
    const target = new URL(to).hostname;
    if (from.replace(/^www\./, '') !== target.replace(/^www\./, '')) return;
    plan.scope.addHost(target);
    await this.deps.jobs.addScopeHost(plan.owner.jobId, target);
  }

  /** The crawl's delay for a URL's host, or the site's robots.txt Crawl-delay when that is longer. */
  private delayFor(plan: CrawlPlan, robots: RobotsCache) {
    return (url: string) => Math.max(plan.crawlDelayMs, robots.peek(originOf(url))?.crawlDelayMs ?? 0);
  }

  /**
   * A page's subresources (the http method's script banners) in their hosts' turns, third-party hosts
   * included, at the crawl's delay or the host's robots.txt Crawl-delay when the crawl has read it.
   */
  private inTurn(plan: CrawlPlan, robots: RobotsCache): InTurn {
    return (url, waitSignal, work) =>
      atHost(this.deps.hostGate, this.delayFor(plan, robots), url, waitSignal, (turn) => work(politeHops(turn)));
  }

  /** robots.txt and sitemaps are requests to the site too: they, and each of their redirect hops, wait their turn. */
  private politeGetText(plan: CrawlPlan, robots: () => RobotsCache, signal: AbortSignal): TextGetter {
    return (url, getSignal) =>
      atHost(this.deps.hostGate, this.delayFor(plan, robots()), url, signal, (turn) =>
        this.deps.http.getText(url, getSignal, politeHops(turn)),
      );
  }
}

/** Follows every redirect hop, each in its host's turn. */
const politeHops = (turn: HostTurn): FetchHooks => ({
  beforeRedirect: async (to) => {
    await turn.enter(to);
    return 'follow';
  },
});
