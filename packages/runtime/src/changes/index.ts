export * from './crawl-comparator';
