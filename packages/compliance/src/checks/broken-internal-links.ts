import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import type { AssessedPage } from '../input';
import { count } from '../text';

/**
 * 4xx and 5xx answers, except those that say "not for you" rather than "not there": 401 and 403
 * (login or a firewall turning the crawler away) and 429 (the crawl itself was rate-limited).
 */
export const isBrokenStatus = (status: number) =>
  status >= 400 && status < 600 && status !== 401 && status !== 403 && status !== 429;

const SHOWN_REFERRERS = 3;

export const brokenInternalLinks: Check = {
  id: 'broken-internal-links',
  version: 1,
  group: 'content_hygiene',
  severity: 'medium',
  title: 'No broken internal links',
  whyItMatters:
    'Links to missing or failing pages lose visitors and signal a site nobody maintains; a broken link to a policy page hides it.',
  howToFix: 'Fix or remove the links listed, or redirect the old addresses to their current pages.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.answered.length === 0) return notApplicable('No page answered, so links cannot be judged');
    const broken = new Map<string, { page: AssessedPage; referrers: string[]; referrerCount: number }>();
    for (const page of index.answered) {
      if (!isBrokenStatus(page.statusCode!)) continue;
      const entry = { page, referrers: [], referrerCount: 0 };
      broken.set(page.url, entry);
      if (page.finalUrl && !broken.has(page.finalUrl)) broken.set(page.finalUrl, entry);
    }
    if (broken.size === 0) return pass(`None of the ${index.answered.length} pages that answered is a 4xx or 5xx error`);
    // One pass over every link, each a map lookup: the crawl's link graph is walked once.
    for (const page of crawl.pages)
      for (const link of page.links) {
        const target = broken.get(link);
        if (!target || target.page === page) continue;
        target.referrerCount++;
        if (target.referrers.length < SHOWN_REFERRERS) target.referrers.push(page.url);
      }
    const entries = [...new Set(broken.values())];
    const evidence = entries.map(({ page, referrers, referrerCount }) => {
      const from = referrerCount
        ? `linked from ${referrers.join(', ')}${referrerCount > referrers.length ? ` and ${referrerCount - referrers.length} more` : ''}`
        : 'not linked from a crawled page (a start URL or sitemap entry)';
      return onPage(page, `HTTP ${page.statusCode} — ${from}`);
    });
    const linked = entries.filter((entry) => entry.referrerCount > 0).length;
    return fail(`${count(entries.length, 'page')} answering 4xx/5xx, ${linked} of them linked from other pages`, evidence);
  },
};
