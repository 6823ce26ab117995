export * from './redis';
export * from './jobs';
export * from './queues';
export type { CancelMessage } from './cancel';
export * from './heartbeat';
export * from './job-queues';
export * from './connection-log';
