import type { CheckEvidence } from '@vendorwatch/contracts';
import { BROWSER_ONLY, type Check, fail, notApplicable, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import { classifyHost, describeHost, TRACKER_CATEGORIES } from '../third-parties';
import { count, listOf } from '../text';
import { hostOf } from '../urls';

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
    const pages = index.htmlPages.filter((page) => page.browser !== null);
    if (pages.length === 0) return notApplicable('No page was rendered by the browser, so no requests were recorded');
    const seen = new Map<string, { evidence: CheckEvidence; entity: string }>();
    for (const page of pages)
      for (const { url } of page.browser!.requests) {
        const host = hostOf(url);
        if (!host || seen.has(host)) continue;
        const hostClass = classifyHost(index, host);
        if (hostClass.firstParty || !hostClass.tracker) continue;
        seen.set(host, {
          evidence: onPage(page, `${host}: ${describeHost(hostClass)} — ${url}`),
          entity: hostClass.entity ?? host,
        });
      }
    const categories = [...TRACKER_CATEGORIES].join(', ');
    if (seen.size === 0)
      return pass(`No ${categories} hosts were requested before consent on ${count(pages.length, 'rendered page')}`);
    const entities = [...new Set([...seen.values()].map((tracker) => tracker.entity))];
    return fail(
      `${count(seen.size, 'tracker host')} loaded before consent: ${listOf(entities)}`,
      [...seen.values()].map((tracker) => tracker.evidence),
    );
  },
};
