export * from './database';
export * from './workspace-id';
export * as schema from './schema';
export * from './schema';
export * from './repositories';
export * from './availability';
export * from './table-security';
