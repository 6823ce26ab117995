export * from './common';
export * from './vendor';
export * from './auth';
export * from './project';
export * from './crawler-settings';
export * from './crawl-job';
export * from './crawler-config';
export * from './report';
