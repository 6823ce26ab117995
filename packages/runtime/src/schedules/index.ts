export * from './schedule-timing';
export * from './vendor-schedulers';
