export * from './input';
export * from './check';
export * from './catalogue';
export * from './scoring';
export * from './assess';
export { runCheck, needsMethod } from './run-check';
export { TRACKER_CATEGORIES } from './third-parties';
export * from './changes';
