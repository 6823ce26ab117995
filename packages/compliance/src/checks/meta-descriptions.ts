import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';

export const metaDescriptions: Check = {
  id: 'meta-descriptions',
  version: 1,
  group: 'content_hygiene',
  severity: 'low',
  title: 'Every page has a meta description',
  whyItMatters: 'Search engines and link previews show the meta description; without it they pick arbitrary text from the page.',
  howToFix: 'Add a <meta name="description"> summarising each page in a sentence or two.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) =>
        page.description?.trim()
          ? { outcome: 'pass', detail: `Description: ${page.description.trim().slice(0, 160)}` }
          : { outcome: 'fail', detail: 'No meta description' },
      { pages: 'HTML pages', none: 'No HTML page answered', pass: 'A meta description', fail: 'No meta description' },
    );
  },
};
