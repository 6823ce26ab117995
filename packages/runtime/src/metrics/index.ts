export * from './cluster-counters';
