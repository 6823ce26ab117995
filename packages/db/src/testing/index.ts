export * from './test-database';
export * from './compliance';
