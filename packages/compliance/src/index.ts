export * from './input';
export * from './check';
