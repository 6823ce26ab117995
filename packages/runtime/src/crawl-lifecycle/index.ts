export * from './start/crawl-starter';
export * from './start/crawl-reconciler';
export * from './compliance';
export * from './changes';
export * from './alerts';
export * from './schedules';
export * from './after-crawl';
export * from './after-crawl.providers';
