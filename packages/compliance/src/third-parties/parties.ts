import type { ThirdParty } from '@vendorwatch/contracts';
import type { CrawlIndex } from '../crawl-index';
import { hostOf } from '../urls';
import { classifyHost, subresourceUrlsOf } from './classify';

/** Hosts kept per third party: enough to recognise it, bounded for storage. */
const MAX_HOSTS = 20;

/** Stable across vendors: the entity's name, or the registrable domain of a host the data does not know. */
export const thirdPartyKey = (entity: string | null, site: string) => (entity ? entity : `domain:${site}`);

/**
 * The companies behind the third-party hosts a crawl's HTML pages contacted (what the browser requested
 * when it rendered the page, else what the HTML references), named with third-party-web: one entry per
 * service ("Google Analytics", company Google, analytics), hosts grouped under it; a host the data does not
 * know stands under its registrable domain with no company and the category `unknown`. Every request the
 * browser recorded was made before any consent was given (the crawl never answers a banner), so a service
 * the browser requested was requested before consent. Most pages first, then by name. Computed once per crawl.
 */
export function thirdPartiesOf(index: CrawlIndex): ThirdParty[] {
  return index.memo('third-parties', 'by-company', () => {
    const rendered = index.htmlPages.some((page) => page.browser !== null);
    const parties = new Map<string, ThirdParty>();
    for (const page of index.htmlPages) {
      const seenOnPage = new Set<string>();
      for (const url of subresourceUrlsOf(page)) {
        const host = hostOf(url);
        if (!host) continue;
        const hostClass = classifyHost(index, host);
        if (hostClass.firstParty) continue;
        const site = index.siteOfHost(host);
        const key = thirdPartyKey(hostClass.entity, site);
        let party = parties.get(key);
        if (!party) {
          parties.set(
            key,
            (party = {
              key,
              name: hostClass.entity ?? site,
              company: hostClass.company,
              category: hostClass.category ?? 'unknown',
              hosts: [],
              pages: 0,
              requestedBeforeConsent: rendered ? false : null,
              tracker: hostClass.tracker,
              example: { pageId: page.id, url: page.url, resource: url },
            }),
          );
        }
        if (party.hosts.length < MAX_HOSTS && !party.hosts.includes(host)) party.hosts.push(host);
        if (page.browser) party.requestedBeforeConsent = true;
        if (!seenOnPage.has(key)) {
          seenOnPage.add(key);
          party.pages++;
        }
      }
    }
    return [...parties.values()].sort((a, b) => b.pages - a.pages || a.name.localeCompare(b.name));
  });
}
