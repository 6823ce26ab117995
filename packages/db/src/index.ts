export * from './database';
export * from './ambient-transaction';
export * from './workspace-id';
export * as schema from './schema';
export * from './schema';
export * from './repositories';
export * from './availability';
export * from './table-security';
