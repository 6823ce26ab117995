export * from './alert-evaluator';
export * from './channel-target';
