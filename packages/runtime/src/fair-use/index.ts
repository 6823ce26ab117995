export * from './user-allowance';
