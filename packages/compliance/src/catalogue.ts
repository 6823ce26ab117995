import { createHash } from 'node:crypto';
import type { Check } from './check';
import { axeViolations } from './checks/axe-violations';
import { brokenInternalLinks } from './checks/broken-internal-links';
import { caa } from './checks/caa';
import { contentSecurityPolicy } from './checks/content-security-policy';
import { cookieConsent } from './checks/cookie-consent';
import { cookieHttpOnly } from './checks/cookie-httponly';
import { cookieSameSite } from './checks/cookie-samesite';
import { cookieSecure } from './checks/cookie-secure';
import { dkim } from './checks/dkim';
import { dmarc } from './checks/dmarc';
import { dnssec } from './checks/dnssec';
import { duplicateTitles } from './checks/duplicate-titles';
import { frameProtection } from './checks/frame-protection';
import { hsts } from './checks/hsts';
import { htmlLang } from './checks/html-lang';
import { httpRedirectsToHttps } from './checks/http-redirects-to-https';
import { https } from './checks/https';
import { imageAlt } from './checks/image-alt';
import { imprintContact } from './checks/imprint-contact';
import { metaDescriptions } from './checks/meta-descriptions';
import { mixedContent } from './checks/mixed-content';
import { mtaSts } from './checks/mta-sts';
import { mx } from './checks/mx';
import { pageTitles } from './checks/page-titles';
import { permissionsPolicy } from './checks/permissions-policy';
import { privacyPolicyLinked } from './checks/privacy-policy-linked';
import { referrerPolicy } from './checks/referrer-policy';
import { securityTxt } from './checks/security-txt';
import { serverVersionDisclosure } from './checks/server-version-disclosure';
import { spf } from './checks/spf';
import { termsLinked } from './checks/terms-linked';
import { thirdPartyHostsCheck } from './checks/third-party-hosts';
import { tlsCertificate } from './checks/tls-certificate';
import { tlsKeyStrength } from './checks/tls-key-strength';
import { tlsProtocols } from './checks/tls-protocols';
import { tlsRpt } from './checks/tls-rpt';
import { trackersBeforeConsent } from './checks/trackers-before-consent';
import { vulnerableJsLibraries } from './checks/vulnerable-js-libraries';
import { xContentTypeOptions } from './checks/x-content-type-options';
import { SEVERITY_WEIGHTS } from './scoring';
import { DATA_PACKAGES, installedVersion } from './software/data-sources';

/**
 * Every check, in the order reports show them. Severity says what a failure costs:
 * - critical: the site is unsafe to use at all (no HTTPS, a certificate browsers refuse on any of its HTTPS hosts);
 * - high: a direct route to account takeover, script injection or an unlawful data flow
 *   (CSP, HSTS, HTTP→HTTPS, mixed content, insecure session cookies, privacy policy, consent,
 *   trackers before consent, JavaScript libraries with known vulnerabilities, serious accessibility barriers);
 * - medium: a weakness that needs a second mistake to hurt, or a legal or usability duty with
 *   lesser stakes (framing, nosniff, SameSite, terms, imprint, broken links, titles, lang, alt text);
 * - low: hygiene and disclosure (Referrer-Policy, Permissions-Policy, versions in headers,
 *   security.txt, descriptions, duplicate titles, the third-party list).
 * Email & domain: SPF and DMARC are high (without them anyone can send mail as the vendor); MX,
 * MTA-STS, DKIM and DNSSEC medium (each needs a second failure to hurt); TLS-RPT and CAA low.
 * TLS of every HTTPS origin: the certificate critical (above), protocols and keys high.
 */
export const CATALOGUE: readonly Check[] = [
  // Transport
  https,
  httpRedirectsToHttps,
  hsts,
  mixedContent,
  // Security headers
  contentSecurityPolicy,
  xContentTypeOptions,
  frameProtection,
  referrerPolicy,
  permissionsPolicy,
  serverVersionDisclosure,
  cookieSecure,
  cookieHttpOnly,
  cookieSameSite,
  // Software
  vulnerableJsLibraries,
  // Privacy and legal
  privacyPolicyLinked,
  termsLinked,
  imprintContact,
  cookieConsent,
  trackersBeforeConsent,
  thirdPartyHostsCheck,
  securityTxt,
  // Content hygiene
  brokenInternalLinks,
  pageTitles,
  metaDescriptions,
  duplicateTitles,
  htmlLang,
  imageAlt,
  // Accessibility basics
  axeViolations,
  // Email & domain (DNS through the operator's resolver, read after the crawl)
  spf,
  dmarc,
  mx,
  mtaSts,
  tlsRpt,
  dkim,
  dnssec,
  caa,
  // TLS of every HTTPS origin the crawl met on the vendor's domains
  tlsProtocols,
  tlsCertificate,
  tlsKeyStrength,
];

// The tracker and vulnerability data decide outcomes too, so their versions are part of the catalogue's.
const THIRD_PARTY_WEB_VERSION = installedVersion('third-party-web');
const VULNERABILITY_DATA_VERSION = installedVersion(DATA_PACKAGES.vulnerabilities.package);

/**
 * Identifies what an assessment was judged by: every check's id, version, severity and methods, the
 * weights and the tracker and vulnerability data's versions. Any change to them gives a new value, so stored
 * assessments say which catalogue made them and stale ones can be found.
 */
export function catalogueVersionOf(checks: readonly Check[]): string {
  const identity = JSON.stringify({
    checks: checks.map(({ id, version, severity, methods }) => [id, version, severity, methods]),
    weights: SEVERITY_WEIGHTS,
    thirdPartyWeb: THIRD_PARTY_WEB_VERSION,
    vulnerabilityData: VULNERABILITY_DATA_VERSION,
  });
  return `${checks.length}c-${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

export const CATALOGUE_VERSION = catalogueVersionOf(CATALOGUE);
