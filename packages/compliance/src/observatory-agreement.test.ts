import type { CheckOutcome } from '@vendorwatch/contracts';
import { OBSERVATORY_CASES, type ObservatoryTest, type ObservatoryVariant } from '../../../test-support/observatory-cases';
import { OBSERVATORY_HTML_FILES } from '../../../test-support/observatory-html';
import type { Check } from './check';
import { contentSecurityPolicy } from './checks/content-security-policy';
import { cookieHttpOnly } from './checks/cookie-httponly';
import { cookieSameSite } from './checks/cookie-samesite';
import { cookieSecure } from './checks/cookie-secure';
import { frameProtection } from './checks/frame-protection';
import { hsts } from './checks/hsts';
import { referrerPolicy } from './checks/referrer-policy';
import { xContentTypeOptions } from './checks/x-content-type-options';
import { runCheck } from './run-check';
import { crawlOf, pageOf } from './testing/builders';
import { certificateOf, domainPostureOf, originOf } from './testing/domain-builders';

/**
 * MDN HTTP Observatory's own header test cases (test-support/observatory-cases.ts), replayed as vendor
 * sites: each case becomes a crawl of its one page — the headers, cookies and `<meta>` policies the
 * Observatory's harness sets — and the product's checks must agree with the Observatory's verdict.
 *
 * Agreement, per case:
 * - the Observatory passes it with nothing deducted → our check passes;
 * - it passes with points deducted (http: images in a CSP) → our check passes or warns;
 * - it does not pass → our check fails, or warns where we call the weakness partial (unsafe-eval,
 *   a short HSTS max-age: the Observatory's mildest deductions of its failures).
 * The cookie test is one verdict in the Observatory and three checks here (Secure, HttpOnly, SameSite):
 * it passes exactly when all of ours pass (or have no cookie to judge), and its SameSite bonus is our
 * SameSite check passing without a cookie that relies on the browser's default.
 */

const CHECK_OF: Record<Exclude<ObservatoryTest, 'cookies'>, Check> = {
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': referrerPolicy,
  'x-frame-options': frameProtection,
  'x-content-type-options': xContentTypeOptions,
  'strict-transport-security': hsts,
};

/** The Observatory's results that pass with points deducted (its score table's negative modifiers). */
const PASSES_WITH_DEDUCTION = new Set(['csp-implemented-with-insecure-scheme-in-passive-content-only']);

/** What our check concludes for each result of the Observatory's. */
const OUR_OUTCOME: Record<string, CheckOutcome> = {
  'csp-not-implemented': 'fail',
  'csp-not-implemented-but-reporting-enabled': 'fail',
  'csp-header-invalid': 'fail',
  'csp-implemented-with-unsafe-inline': 'fail',
  'csp-implemented-with-insecure-scheme': 'fail',
  'csp-implemented-with-unsafe-eval': 'warn',
  'csp-implemented-with-insecure-scheme-in-passive-content-only': 'warn',
  'csp-implemented-with-unsafe-inline-in-style-src-only': 'pass',
  'csp-implemented-with-no-unsafe': 'pass',
  'csp-implemented-with-no-unsafe-default-src-none': 'pass',
  'referrer-policy-private': 'pass',
  'referrer-policy-not-implemented': 'pass',
  'referrer-policy-unsafe': 'fail',
  'referrer-policy-header-invalid': 'fail',
  'x-frame-options-sameorigin-or-deny': 'pass',
  'x-frame-options-implemented-via-csp': 'pass',
  'x-frame-options-allow-from-origin': 'pass',
  'x-frame-options-not-implemented': 'fail',
  'x-frame-options-header-invalid': 'fail',
  'x-content-type-options-nosniff': 'pass',
  'x-content-type-options-not-implemented': 'fail',
  'x-content-type-options-header-invalid': 'fail',
  'hsts-implemented-max-age-at-least-six-months': 'pass',
  'hsts-implemented-max-age-less-than-six-months': 'warn',
  'hsts-not-implemented': 'fail',
  'hsts-header-invalid': 'fail',
  'hsts-not-implemented-no-https': 'fail',
  'hsts-invalid-cert': 'fail',
};

/** Which cookie check the Observatory's failing cookie results are about. */
const FAILING_COOKIE_CHECK: Record<string, Check> = {
  'cookies-without-secure-flag': cookieSecure,
  'cookies-without-secure-flag-but-protected-by-hsts': cookieSecure,
  'cookies-session-without-secure-flag': cookieSecure,
  'cookies-session-without-secure-flag-but-protected-by-hsts': cookieSecure,
  'cookies-session-without-httponly-flag': cookieHttpOnly,
  'cookies-samesite-flag-invalid': cookieSameSite,
  'cookies-anticsrf-without-samesite-flag': cookieSameSite,
};

function agrees(observatory: { result: string; pass: boolean }, ours: CheckOutcome): boolean {
  if (!observatory.pass) return ours === 'fail' || ours === 'warn';
  return PASSES_WITH_DEDUCTION.has(observatory.result) ? ours === 'pass' || ours === 'warn' : ours === 'pass';
}

/** The case's site as a stored crawl of one page. */
function crawlFor(variant: ObservatoryVariant) {
  const site = new URL(variant.site ?? 'https://mozilla.org/');
  if (variant.plainHttpOnly) site.protocol = 'http:';
  const metaPolicies = variant.html ? OBSERVATORY_HTML_FILES[variant.html].metaPolicies : null;
  const page = pageOf({
    url: site.href,
    headers: variant.headers ?? {},
    setCookies: variant.setCookies ?? [],
    document: metaPolicies
      ? {
          metaPolicies: {
            contentSecurityPolicy: [...metaPolicies.contentSecurityPolicy],
            referrerPolicy: metaPolicies.referrerPolicy,
          },
        }
      : {},
  });
  // The start host's certificate as the posture's TLS probe reads it (no HTTPS origin for a plain-HTTP site).
  const origins = variant.plainHttpOnly
    ? []
    : [
        originOf(site.origin, {
          certificate: certificateOf({
            subjectAltNames: [site.hostname],
            trusted: !variant.untrustedCertificate,
            trustError: variant.untrustedCertificate ? 'SELF_SIGNED_CERT_IN_CHAIN' : null,
          }),
        }),
      ];
  return crawlOf({ startUrl: site.href, pages: [page], domainPosture: domainPostureOf({ origins }) });
}

const describeVariant = (variant: ObservatoryVariant) =>
  JSON.stringify({
    ...(variant.headers && { headers: variant.headers }),
    ...(variant.setCookies && { setCookies: variant.setCookies }),
    ...(variant.html && { html: variant.html }),
    ...(variant.site && { site: variant.site }),
  });

/** Our outcomes for a variant, and whether they agree with the Observatory's verdict on it. */
function replay(test: ObservatoryTest, variant: ObservatoryVariant): { ours: Record<string, CheckOutcome>; agree: boolean } {
  const crawl = crawlFor(variant);
  if (variant.antiClickjacking !== undefined) {
    // "policy analysis": the Observatory's anti-clickjacking flag is what our framing check reads from the CSP.
    const outcome = runCheck(frameProtection, crawl).outcome;
    return { ours: { 'frame-protection': outcome }, agree: outcome === (variant.antiClickjacking ? 'pass' : 'fail') };
  }
  const observatory = { result: variant.result!, pass: variant.pass! };
  if (test !== 'cookies') {
    const outcome = runCheck(CHECK_OF[test], crawl).outcome;
    return {
      ours: { [CHECK_OF[test].id]: outcome },
      agree: outcome === OUR_OUTCOME[observatory.result] && agrees(observatory, outcome),
    };
  }
  const ours = Object.fromEntries(
    [cookieSecure, cookieHttpOnly, cookieSameSite].map((check) => [check.id, runCheck(check, crawl).outcome]),
  );
  const outcomes = Object.values(ours);
  if (observatory.result === 'cookies-not-found') return { ours, agree: outcomes.every((o) => o === 'not_applicable') };
  if (!observatory.pass) return { ours, agree: ours[FAILING_COOKIE_CHECK[observatory.result].id] === 'fail' };
  const allPass = outcomes.every((o) => o === 'pass' || o === 'not_applicable');
  const sameSite = runCheck(cookieSameSite, crawl);
  const reliesOnDefault = sameSite.evidence.some((e) => e.detail.includes('(no SameSite)'));
  return { ours, agree: allPass && sameSite.outcome === 'pass' && reliesOnDefault === !variant.sameSite };
}

const comparable = (variant: ObservatoryVariant) => !variant.decidedByPreloadList && !variant.flagsWithoutCounterpart;

describe('agreement with MDN HTTP Observatory on its own header test cases', () => {
  for (const { test, it: title, variants } of OBSERVATORY_CASES)
    describe(`${test}: ${title}`, () => {
      for (const variant of variants.filter(comparable))
        it(`${variant.result ?? `antiClickjacking ${variant.antiClickjacking}`} for ${describeVariant(variant)}`, () => {
          const { ours, agree } = replay(test, variant);
          expect({ ours, agree }).toEqual({ ours, agree: true });
        });
    });

  it('covers all 52 header cases of the suite, comparing each one that states a verdict the product can reach', () => {
    expect(OBSERVATORY_CASES).toHaveLength(52);
    const counts = (test: ObservatoryTest) => OBSERVATORY_CASES.filter((c) => c.test === test).length;
    expect({
      csp: counts('content-security-policy'),
      referrer: counts('referrer-policy'),
      framing: counts('x-frame-options'),
      nosniff: counts('x-content-type-options'),
      hsts: counts('strict-transport-security'),
      cookies: counts('cookies'),
    }).toEqual({ csp: 16, referrer: 7, framing: 6, nosniff: 3, hsts: 7, cookies: 13 });
    // Every case has at least one variant replayed; only these are not, and for the reasons given.
    expect(OBSERVATORY_CASES.filter((c) => !c.variants.some(comparable))).toEqual([]);
    const notReplayed = OBSERVATORY_CASES.flatMap((c) =>
      c.variants
        .filter((v) => !comparable(v))
        .map(
          (v) =>
            `${c.it}: ${v.decidedByPreloadList ? `${v.site} is on Chromium's HSTS preload list` : `flags ${v.flagsWithoutCounterpart!.join(', ')}`}`,
        ),
    );
    expect(notReplayed.filter((reason) => reason.includes('preload list'))).toEqual([
      "preloaded: https://bugzilla.mozilla.org/ is on Chromium's HSTS preload list",
      "preloaded: https://facebook.com/ is on Chromium's HSTS preload list",
    ]);
    expect(notReplayed.every((reason) => reason.startsWith('policy analysis:') || reason.startsWith('preloaded:'))).toBe(true);
  });
});
