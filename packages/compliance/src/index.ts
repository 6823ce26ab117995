export * from './input';
export * from './check';
export * from './catalogue';
export * from './scoring';
export * from './assess';
export { renderingSummary } from './rendering';
export { runCheck, needsMethod } from './run-check';
export { TRACKER_CATEGORIES } from './third-parties';
export { portfolioThirdParties, type VendorThirdParties } from './third-parties/portfolio';
export * from './inventory';
export * from './software';
export * from './grades';
export { homePageOf } from './crawl-index';
export { isUnderPublicSuffix, registrableDomainOf, urlIdentity } from './urls';
export * from './changes';
export {
  CERTIFICATE_WARNING_DAYS,
  certificateExpiries,
  domainPostureSummary,
  mailSpoofable,
  type DomainPostureSummary,
} from './posture';
export * from './acceptances';
export {
  QUESTIONNAIRE_CHECK_MAPPING,
  SHIPPED_QUESTIONNAIRES,
  questionsOf,
  shippedQuestionnaire,
} from './questionnaires/shipped-templates';
