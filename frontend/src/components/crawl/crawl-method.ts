import { CRAWL_METHOD_LABELS as LABELS, CRAWL_METHODS, type CrawlMethod } from '@vendorwatch/contracts';

/** What each method costs and suits, shown under the picker. */
export const CRAWL_METHOD_DESCRIPTIONS: Record<CrawlMethod, string> = {
  puppeteer: 'A headless browser renders every page, JavaScript included, and can take screenshots. The slowest method.',
  api: 'Pages are fetched through the scraping API of your active crawler configuration, which uses its credits.',
  http: 'Plain HTTP requests: the fast, free option for sites that need no JavaScript.',
  adaptive:
    'Quick HTTP, with the browser where the site needs it: a sample of each kind of page is checked in the browser, and the kinds where scripts add links, cookies or trackers are read in the browser throughout.',
};

export const crawlMethodLabel = (method: CrawlMethod) => LABELS[method];

/** The method picker's choices, in the contracts' order. */
export const CRAWL_METHOD_OPTIONS = CRAWL_METHODS.map((value) => ({ value, label: LABELS[value] }));

export const isCrawlMethod = (value: string): value is CrawlMethod => (CRAWL_METHODS as readonly string[]).includes(value);
