export * from './messages';
export * from './limits';
export * from './schemas';
export * from './types';
export * from './crawl';
export * from './compliance';
export * from './changes';
export * from './alerts';
