export * from './capped-body';
