export * from './alert-queue';
export * from './alert-evaluator';
