import type { CheckEvidence } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass } from '../check';
import { type CrawlIndex, indexOf } from '../crawl-index';
import { isStrictlyNecessary, namesOf, observedCookies, wherePages } from '../parsing/cookies';
import { count, listOf } from '../text';
import { describeHost, thirdPartyHosts } from '../third-parties';

/** What makes consent necessary: cookies beyond the strictly necessary, third-party cookies, trackers. */
function needsConsent(index: CrawlIndex): { evidence: CheckEvidence[]; summary: string } {
  const cookies = observedCookies(index).filter((cookie) => !isStrictlyNecessary(cookie.name));
  const foreign = new Map<string, CheckEvidence>();
  for (const page of index.htmlPages)
    for (const cookie of page.browser?.cookies ?? []) {
      const key = `${cookie.name}@${cookie.domain}`;
      if (!foreign.has(key) && !index.isFirstPartyHost(cookie.domain.replace(/^\./, '')))
        foreign.set(key, onPage(page, `Third-party cookie ${cookie.name} (${cookie.domain})`));
    }
  const trackers = thirdPartyHosts(index).filter((host) => host.tracker);
  const evidence = [
    ...cookies.map((cookie) => onPage(cookie.pages[0], `Non-essential cookie: ${cookie.seenAs} — ${wherePages(cookie.pages)}`)),
    ...foreign.values(),
    ...trackers.map((host) => onPage(host.firstPage, `Tracker ${host.host}: ${describeHost(host)}, e.g. ${host.firstUrl}`)),
  ];
  const parts = [
    cookies.length ? `non-essential cookies (${namesOf(cookies, 3)})` : '',
    foreign.size ? count(foreign.size, 'third-party cookie') : '',
    trackers.length
      ? `trackers (${listOf(
          trackers.map((host) => host.entity ?? host.host),
          3,
        )})`
      : '',
  ].filter(Boolean);
  return { evidence, summary: parts.join(', ') };
}

/** Where a consent mechanism showed itself: a recognised platform, a banner in the HTML, a consent provider's script. */
function consentSeen(index: CrawlIndex): CheckEvidence[] {
  const evidence: CheckEvidence[] = [];
  for (const page of index.htmlPages) {
    if (page.browser?.consentPlatform) evidence.push(onPage(page, `Consent platform ${page.browser.consentPlatform}`));
    else if (page.document?.consentMarker) evidence.push(onPage(page, `Consent banner: ${page.document.consentMarker}`));
  }
  for (const host of thirdPartyHosts(index))
    if (host.consentProvider) evidence.push(onPage(host.firstPage, `Consent provider ${host.entity} (${host.host})`));
  return evidence;
}

export const cookieConsent: Check = {
  id: 'cookie-consent',
  version: 1,
  group: 'privacy_legal',
  severity: 'high',
  title: 'Cookie consent asked for where non-essential cookies or trackers are used',
  whyItMatters:
    'The ePrivacy Directive and GDPR require informed consent before storing non-essential cookies or tracking visitors; regulators fine sites that do not ask.',
  howToFix:
    'Add a consent-management platform (or banner) that asks before setting analytics, advertising or social cookies and loading trackers, and honours a refusal.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.htmlPages.length === 0) return notApplicable('No HTML page answered, so cookies and trackers cannot be judged');
    const need = needsConsent(index);
    if (need.evidence.length === 0)
      return notApplicable('No non-essential cookies or trackers were seen, so no consent is needed');
    const consent = consentSeen(index);
    if (consent.length)
      return pass(`Consent is asked for (${consent[0].detail}); the site uses ${need.summary}`, [...consent, ...need.evidence]);
    return fail(`No consent mechanism seen, yet the site uses ${need.summary}`, need.evidence);
  },
};
