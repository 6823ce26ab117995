/**
 * A vendor's email, DNS and TLS posture: the facts the worker reads after a crawl (domain-facts), how
 * the "Email & domain" and "TLS" checks judge them per domain and origin (domain-verdicts), and what
 * the dashboard and alerts read of them (domain-posture-summary), and the one reading of a certificate's
 * dates and trust that the certificate check, HSTS, the dashboard and the alerts share (certificate).
 */
export * from './domain-facts';
export { CERTIFICATE_WARNING_DAYS, certificateExpiries, daysToExpiry, expiresSoon } from './certificate';
export { domainPostureSummary, mailSpoofable, type DomainPostureSummary } from './domain-posture-summary';
