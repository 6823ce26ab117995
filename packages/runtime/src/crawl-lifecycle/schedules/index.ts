export * from './schedule-timing';
export * from './vendor-schedulers';
export * from './schedule-starts';
