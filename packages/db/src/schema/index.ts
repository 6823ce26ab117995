export * from './auth';
export * from './vendors';
export * from './crawling';
