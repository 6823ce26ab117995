/**
 * A vendor's email, DNS and TLS posture: the facts the worker reads after a crawl (domain-facts), how
 * the "Email & domain" and "TLS" checks judge them per domain and origin (domain-verdicts), and what
 * the dashboard and alerts read of them (domain-posture-summary).
 */
export * from './domain-facts';
export { domainPostureSummary, mailSpoofable, type DomainPostureSummary } from './domain-posture-summary';
