export * from './redis';
export * from './jobs';
export * from './queues';
export * from './cancel';
export * from './heartbeat';
export * from './crawl-jobs';
export * from './connection-log';
export * from './crawl-reconciler';
