import { getEntity } from 'third-party-web/nostats-subset';
import type { CrawlIndex } from '../crawl-index';
import type { AssessedPage } from '../input';
import { hostOf } from '../urls';

/**
 * Third-party classification with the `third-party-web` data set (MIT): which company a host belongs
 * to and what it does. Its advertising, analytics, social and marketing entities are trackers; its
 * consent-provider entities are consent-management platforms. Tag managers, CDNs, video and other
 * utilities are not trackers by themselves — what a tag manager loads shows up as its own requests.
 */
export const TRACKER_CATEGORIES: ReadonlySet<string> = new Set(['ad', 'analytics', 'social', 'marketing']);
const CONSENT_CATEGORY = 'consent-provider';

export interface HostClass {
  host: string;
  firstParty: boolean;
  /** The third-party-web entity ("Google Analytics"), the company behind it ("Google") and its category ("analytics"), when known. */
  entity: string | null;
  company: string | null;
  category: string | null;
  tracker: boolean;
  consentProvider: boolean;
}

export function classifyHost(index: CrawlIndex, host: string): HostClass {
  return index.memo('host-class', host, () => {
    const firstParty = index.isFirstPartyHost(host);
    const entity = firstParty ? undefined : getEntity(host);
    const category = entity?.category ?? null;
    return {
      host,
      firstParty,
      entity: entity?.name ?? null,
      company: entity?.company ?? null,
      category,
      tracker: category !== null && TRACKER_CATEGORIES.has(category),
      consentProvider: category === CONSENT_CATEGORY,
    };
  });
}

export interface ContactedHost extends HostClass {
  /** The first page that contacted it and the URL it asked for there. */
  firstPage: AssessedPage;
  firstUrl: string;
  /** The first request the browser itself made to it; null when it was only referenced in HTML. */
  firstRequest: { page: AssessedPage; url: string } | null;
  /** How many pages contacted it. */
  pages: number;
}

/**
 * Where a page's subresources came from: what the browser actually requested when the page has
 * browser facts, otherwise the scripts, frames, styles and images its HTML references.
 */
export const subresourceUrlsOf = (page: AssessedPage): string[] =>
  page.browser ? page.browser.requests.map((request) => request.url) : (page.document?.subresources ?? []);

/** Every third-party host the HTML pages contacted, sorted by host name; computed once per crawl. */
export function thirdPartyHosts(index: CrawlIndex): ContactedHost[] {
  return index.memo('third-party-hosts', 'all', () => {
    // null marks a first-party host, so it is classified once, not once per request.
    const byHost = new Map<string, ContactedHost | null>();
    for (const page of index.htmlPages) {
      const seenOnPage = new Set<string>();
      for (const url of subresourceUrlsOf(page)) {
        const host = hostOf(url);
        if (!host || seenOnPage.has(host)) continue;
        seenOnPage.add(host);
        const known = byHost.get(host);
        if (known === null) continue;
        if (known) {
          known.pages++;
          if (!known.firstRequest && page.browser) known.firstRequest = { page, url };
          continue;
        }
        const hostClass = classifyHost(index, host);
        byHost.set(
          host,
          hostClass.firstParty
            ? null
            : { ...hostClass, firstPage: page, firstUrl: url, firstRequest: page.browser ? { page, url } : null, pages: 1 },
        );
      }
    }
    const hosts = [...byHost.values()].filter((host): host is ContactedHost => host !== null);
    return hosts.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  });
}

/** "Google Analytics (analytics)" or "unknown". */
export const describeHost = (host: HostClass) => (host.entity ? `${host.entity} (${host.category})` : 'not in third-party-web');
