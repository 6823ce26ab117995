export * from './assessed-crawl';
export * from './crawl-assessor';
export * from './compliance.module';
export * from './vendor-inventories';
