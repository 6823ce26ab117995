import { CRAWL_METHODS, type CrawlMethod } from '@vendorwatch/contracts';

const LABELS: Record<CrawlMethod, string> = { puppeteer: 'Puppeteer', api: 'API', http: 'HTTP' };

/** The method picker's choices, in the contracts' order. */
export const CRAWL_METHOD_OPTIONS = CRAWL_METHODS.map((value) => ({ value, label: LABELS[value] }));

export const isCrawlMethod = (value: string): value is CrawlMethod => (CRAWL_METHODS as readonly string[]).includes(value);
