import { translateGlob } from '@vendorwatch/contracts';
import { RE2JS } from 're2js';
import { absoluteHttpUrl } from './canonical-url';

export type ScopeDecision = { inScope: true } | { inScope: false; reason: string };

/** Decisions remembered per crawl: a site's navigation and then some, bounded. */
const MEMO_SIZE = 10_000;

/**
 * Which discovered URLs belong to the crawl.
 * - Site: the host names of the start URLs (any port or scheme), plus each allowed domain and its subdomains.
 * - Exclude patterns are globs (syntax in contracts' glob.ts). A pattern containing `://` is matched
 *   against the whole normalised URL (`https://example.com/blog/**`); any other pattern against the
 *   URL's path (`/drafts/**`, `/**\/*.pdf`), and a pattern without a slash against the path's last
 *   segment (`*.pdf`). Users write them, so they run on RE2, whose time is linear in the input: no
 *   pattern can hold the worker's thread (a backtracking matcher can, for seconds per URL).
 */
export class CrawlScopeRules {
  private readonly hosts: Set<string>;
  private readonly domains: string[];
  private readonly urlMatchers: Matcher[];
  private readonly pathMatchers: Matcher[];
  private readonly nameMatchers: Matcher[];

  constructor(startUrls: string[], allowedDomains: string[], excludePatterns: string[], extraHosts: string[] = []) {
    this.hosts = new Set([...startUrls.map((u) => new URL(u).hostname), ...extraHosts]);
    this.domains = allowedDomains
      .map((d) =>
        d
          .trim()
          .toLowerCase()
          .replace(/^\*\./, '')
          .replace(/^\.+|\.+$/g, ''),
      )
      .filter(Boolean);
    const patterns = excludePatterns.map((p) => p.trim()).filter(Boolean);
    this.urlMatchers = patterns.filter((p) => p.includes('://')).map(globMatcher);
    this.pathMatchers = patterns.filter((p) => !p.includes('://') && p.includes('/')).map(globMatcher);
    this.nameMatchers = patterns.filter((p) => !p.includes('/')).map(globMatcher);
  }

  /** A crawl meets the same links on page after page (menus, footers): each is decided once. */
  private readonly decided = new Map<string, ScopeDecision>();

  /** A host the crawl covers from now on (a start URL redirected there). */
  addHost(hostname: string): void {
    this.hosts.add(hostname);
    this.decided.clear();
  }

  check(url: string): ScopeDecision {
    let decision = this.decided.get(url);
    if (!decision) {
      decision = this.decide(url);
      if (this.decided.size >= MEMO_SIZE) this.decided.delete(this.decided.keys().next().value!);
      this.decided.set(url, decision);
    }
    return decision;
  }

  private decide(url: string): ScopeDecision {
    const parsed = new URL(url);
    const host = parsed.hostname;
    const onSite = this.hosts.has(host) || this.domains.some((d) => host === d || host.endsWith(`.${d}`));
    if (!onSite) return { inScope: false, reason: `${host} is not part of the crawled site` };
    let path = parsed.pathname;
    try {
      path = decodeURI(path);
    } catch {
      // keep the encoded path when it does not decode
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (
      this.pathMatchers.some((match) => match(path)) ||
      this.nameMatchers.some((match) => match(name)) ||
      this.urlMatchers.some((match) => match(url))
    ) {
      return { inScope: false, reason: 'matches an exclude pattern' };
    }
    return { inScope: true };
  }
}

/** Start URLs from the row's scope (or its target URL): the absolute http(s) ones, de-duplicated. */
export function startUrlsOf(targetUrl: string, startUrls: string[] | undefined): string[] {
  const urls = (startUrls?.length ? startUrls : [targetUrl])
    .map((u) => absoluteHttpUrl(u))
    .filter((u): u is string => u !== null);
  return [...new Set(urls)];
}

type Matcher = (input: string) => boolean;

/** A glob as an RE2 matcher; a pattern RE2 cannot compile (saved before patterns were checked) matches itself only. */
export function globMatcher(pattern: string): Matcher {
  try {
    const regex = RE2JS.compile(translateGlob(pattern).source, RE2JS.DOTALL);
    return (input) => regex.matches(input);
  } catch {
    return (input) => input === pattern;
  }
}
