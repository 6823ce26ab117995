import { ALL_METHODS, type Check, notApplicable, onPage, pass, warn } from '../check';
import { indexOf } from '../crawl-index';
import type { AssessedPage } from '../input';
import { count } from '../text';

const normalise = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

export const duplicateTitles: Check = {
  id: 'duplicate-titles',
  version: 1,
  group: 'content_hygiene',
  severity: 'low',
  title: 'Page titles are unique',
  whyItMatters:
    'Pages sharing a title cannot be told apart in search results, tabs and history, and often point to duplicate content.',
  howToFix: 'Give each page a title that names what is on it, not just the site.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const titled = indexOf(crawl).htmlPages.filter((page) => page.title?.trim());
    if (titled.length < 2) return notApplicable('Fewer than two HTML pages have a title, so there is nothing to compare');
    const groups = new Map<string, AssessedPage[]>();
    for (const page of titled) {
      const key = normalise(page.title!);
      const group = groups.get(key);
      if (group) group.push(page);
      else groups.set(key, [page]);
    }
    const shared = [...groups.values()].filter((group) => group.length > 1);
    if (shared.length === 0) return pass(`All ${titled.length} titled pages have distinct titles`);
    const evidence = shared.flatMap((group) =>
      group.map((page) => onPage(page, `Title "${page.title!.trim().slice(0, 120)}" shared by ${group.length} pages`)),
    );
    const pages = shared.reduce((sum, group) => sum + group.length, 0);
    const largest = shared.reduce((a, b) => (b.length > a.length ? b : a));
    return warn(
      `${count(shared.length, 'title')} shared by ${pages} of ${titled.length} pages, e.g. "${largest[0].title!.trim().slice(0, 80)}" on ${largest.length}`,
      evidence,
    );
  },
};
