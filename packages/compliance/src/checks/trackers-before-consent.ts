import { BROWSER_ONLY, type Check, fail, notEvaluated, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import { describeHost, thirdPartyHosts, TRACKER_CATEGORIES } from '../third-parties';
import { count, listOf } from '../text';

export const trackersBeforeConsent: Check = {
  id: 'trackers-before-consent',
  version: 1,
  group: 'privacy_legal',
  severity: 'high',
  title: 'No trackers loaded before consent',
  whyItMatters:
    'Advertising, analytics and social trackers that load before the visitor agrees process personal data without consent — the most common finding in cookie-banner enforcement.',
  howToFix:
    'Load advertising, analytics, social and marketing tags only after consent (through the consent platform or a tag manager with consent mode), not in the page itself.',
  methods: BROWSER_ONLY,
  evaluate(crawl) {
    const index = indexOf(crawl);
    const rendered = index.htmlPages.filter((page) => page.browser !== null).length;
    if (rendered === 0) return notEvaluated('No page was rendered by the browser, so no requests were recorded');
    // Every request the browser recorded happened before any consent was given.
    const trackers = thirdPartyHosts(index).filter((host) => host.tracker && host.firstRequest);
    const categories = [...TRACKER_CATEGORIES].join(', ');
    if (trackers.length === 0)
      return pass(`No ${categories} hosts were requested before consent on ${count(rendered, 'rendered page')}`);
    return {
      ...fail(
        `${count(trackers.length, 'tracker host')} loaded before consent: ${listOf(trackers.map((host) => host.entity ?? host.host))}`,
        trackers.map((host) =>
          onPage(host.firstRequest!.page, `${host.host}: ${describeHost(host)} — ${host.firstRequest!.url}`),
        ),
      ),
      findings: trackers.map((host) => host.host),
    };
  },
};
