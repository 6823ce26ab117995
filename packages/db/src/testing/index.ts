export * from './test-database';
export * from './compliance';
export * from './workspaces';
