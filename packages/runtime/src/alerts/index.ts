export * from './alert-queue';
export * from './alert-evaluator';
export * from './channel-target';
