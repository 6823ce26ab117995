export * from './method';
export * from './grades';
export * from './methodology';
