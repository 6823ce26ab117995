import { CRAWLER_CONFIG_TYPES, type CrawlerConfig } from '@vendorwatch/contracts';

const LABELS: Record<CrawlerConfig['type'], string> = { scrapingbee: 'ScrapingBee', custom: 'Custom' };

export const crawlerConfigTypeLabel = (type: CrawlerConfig['type']) => LABELS[type] ?? type;

export const CRAWLER_CONFIG_TYPE_OPTIONS = CRAWLER_CONFIG_TYPES.map((value) => ({ value, label: LABELS[value] }));
