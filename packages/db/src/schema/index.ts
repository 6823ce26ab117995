export * from './auth';
export * from './vendors';
export * from './crawling';
export * from './compliance';
export * from './changes';
export * from './alerts';
