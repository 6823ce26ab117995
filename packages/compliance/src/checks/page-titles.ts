import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';

export const pageTitles: Check = {
  id: 'page-titles',
  version: 1,
  group: 'content_hygiene',
  severity: 'medium',
  title: 'Every page has a title',
  whyItMatters:
    'The title names the page in tabs, bookmarks, search results and screen readers; without one the page is anonymous.',
  howToFix: 'Give every page a short, specific <title>.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) =>
        page.title?.trim()
          ? { outcome: 'pass', detail: `Title: ${page.title.trim().slice(0, 120)}` }
          : { outcome: 'fail', detail: 'No title' },
      { pages: 'HTML pages', none: 'No HTML page answered', pass: 'A title', fail: 'No title' },
    );
  },
};
