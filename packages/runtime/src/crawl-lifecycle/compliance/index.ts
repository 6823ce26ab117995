export * from './assessed-crawl';
export * from './crawl-assessor';
export { AssessmentBusyError, AssessmentPool, AssessmentTimeoutError, ASSESSMENT_BUDGET_MS } from './assessment-pool';
export * from './compliance.module';
export * from './vendor-inventories';
export * from './accepted-standings';
