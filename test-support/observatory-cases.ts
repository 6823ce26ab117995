/*
 * The header test cases of MDN HTTP Observatory's own test suite (mdn/mdn-http-observatory, test/csp.test.js,
 * test/referrer-policy.test.js, test/x-frame-options.test.js, test/x-content-type-options.test.js,
 * test/strict-transport-security.test.js and test/cookies.test.js): each `it(...)` with the values it
 * sets and the verdict it expects, transcribed so the product's header checks can be replayed against
 * them (packages/compliance/src/observatory-agreement.test.ts).
 *
 * This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0. If a copy of
 * the MPL was not distributed with this file, You can obtain one at https://mozilla.org/MPL/2.0/.
 * Copyright the MDN HTTP Observatory contributors.
 */
import type { ObservatoryHtmlFile } from './observatory-html';

export type ObservatoryTest =
  | 'content-security-policy'
  | 'referrer-policy'
  | 'x-frame-options'
  | 'x-content-type-options'
  | 'strict-transport-security'
  | 'cookies';

/** One set-up of an `it(...)`: what the harness (test/helpers.js `emptyRequests`) sets, and what the Observatory answers. */
export interface ObservatoryVariant {
  /** Response headers, names lower-cased (the harness sets them on the https and auto responses alike). */
  headers?: Record<string, string>;
  /** Set-Cookie values, set on https://mozilla.org/ as the harness's `setCookieStrings` does. */
  setCookies?: string[];
  /** The test HTML file whose `<meta>` policies apply (`emptyRequests(file)`). */
  html?: ObservatoryHtmlFile;
  /** The site under test; https://mozilla.org/ unless the case names another. */
  site?: string;
  /** No HTTPS response at all (`responses.https = null`): the site answers over plain HTTP only. */
  plainHttpOnly?: boolean;
  /** The HTTPS certificate did not verify (`responses.https.verified = false`). */
  untrustedCertificate?: boolean;
  /** The Observatory's result, or null where the `it` asserts flags only. */
  result: string | null;
  /** Whether the Observatory passes it; null where the `it` asserts flags only. */
  pass: boolean | null;
  /** Cookies: whether the Observatory awards its SameSite bonus (`result.sameSite`). */
  sameSite?: boolean;
  /** CSP "policy analysis": the Observatory's anti-clickjacking flag (frame-ancestors restricts framing). */
  antiClickjacking?: boolean;
  /**
   * The Observatory decides this from Chromium's HSTS preload list, which it downloads and ships; the
   * product ships no preload list, so such a case is not replayable as a vendor site (it is listed, not skipped).
   */
  decidedByPreloadList?: true;
  /** Flags the `it` asserts that no check of the product decides on (listed, so nothing is dropped silently). */
  flagsWithoutCounterpart?: string[];
}

export interface ObservatoryCase {
  test: ObservatoryTest;
  /** The `it(...)` title, as in the Observatory's test file. */
  it: string;
  variants: ObservatoryVariant[];
}

const csp = (value: string) => ({ 'content-security-policy': value });
const each = (values: string[], verdict: Omit<ObservatoryVariant, 'headers'>, header = 'content-security-policy') =>
  values.map((value) => ({ headers: { [header]: value }, ...verdict }));
const cookies = (setCookies: string[], verdict: Omit<ObservatoryVariant, 'setCookies'>) => [{ setCookies, ...verdict }];

const CSP_CASES: ObservatoryCase[] = [
  { test: 'content-security-policy', it: 'missing', variants: [{ result: 'csp-not-implemented', pass: false }] },
  {
    test: 'content-security-policy',
    it: 'header invalid',
    variants: each(
      [
        '  ',
        '',
        "default-src 'none'; default-src 'none'",
        "default-src 'none'; img-src 'self'; default-src 'none'",
        "default-src 'none'; script-src 'strict-dynamic'",
        'defa',
      ],
      { result: 'csp-header-invalid', pass: false },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'insecure scheme broad and unsafe',
    variants: each(["default-src 'none'; script-src https://*", "default-src 'none'; script-src 'unsafe-inline'"], {
      result: 'csp-implemented-with-unsafe-inline',
      pass: false,
    }),
  },
  {
    test: 'content-security-policy',
    it: 'insecure scheme',
    variants: each(
      [
        'default-src http://mozilla.org',
        "default-src 'none'; script-src http://mozilla.org",
        "default-src 'none'; script-src http://mozilla.org",
        "default-src 'none'; script-src ftp://mozilla.org",
      ],
      { result: 'csp-implemented-with-insecure-scheme', pass: false },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'insecure scheme in passive content only',
    variants: each(
      [
        "default-src 'none'; img-src http://mozilla.org",
        "default-src 'self'; img-src ftp:",
        "default-src 'self'; img-src http:",
        "default-src 'none'; img-src https:; media-src http://mozilla.org",
        "default-src 'none'; img-src http: https:; script-src 'self'; style-src 'self'",
        "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'self'",
        "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'unsafe-inline'",
      ],
      { result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', pass: true },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'unsafe inline',
    variants: each(
      [
        "script-src 'unsafe-inline'",
        'script-src data:',
        'script-src http:',
        'script-src ftp:',
        "default-src 'unsafe-inline'",
        "default-src 'UNSAFE-INLINE'",
        'upgrade-insecure-requests',
        "script-src 'none'",
        'script-src https:',
        'script-src https://mozilla.org https:',
        'default-src https://mozilla.org https:',
        "default-src 'none'; script-src *",
        "default-src *; script-src *; object-src 'none'",
        "default-src 'none'; script-src 'none'; object-src *",
        "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'",
        "default-src 'none'; script-src 'unsafe-inline' http:",
        "object-src https:; script-src 'none'",
      ],
      { result: 'csp-implemented-with-unsafe-inline', pass: false },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'unsafe eval',
    variants: each(["default-src 'none'; script-src 'unsafe-eval'"], { result: 'csp-implemented-with-unsafe-eval', pass: false }),
  },
  {
    test: 'content-security-policy',
    it: 'unsafe inline in style src only',
    variants: each(
      [
        "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
        "default-src 'none'; script-src https://mozilla.org; style-src 'unsafe-inline'",
        "default-src 'unsafe-inline'; script-src https://mozilla.org",
        "default-src 'none';;; ;;;style-src 'self' 'unsafe-inline'",
        "default-src 'none'; style-src data:",
        "default-src 'none'; style-src *",
        "default-src 'none'; style-src https:",
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
      ],
      { result: 'csp-implemented-with-unsafe-inline-in-style-src-only', pass: true },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'no unsafe',
    variants: each(
      [
        'default-src https://mozilla.org',
        "default-src https://mozilla.org;;; ;;;script-src 'none'",
        "object-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
        "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
        "object-src 'none'; style-src 'self';script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
        "object-src 'none'; style-src 'self'; script-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA=''sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB='",
        "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
        "default-src https://mozilla.org; style-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'",
        "default-src https://mozilla.org; style-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
      ],
      { result: 'csp-implemented-with-no-unsafe', pass: true },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'no unsafe default src none',
    variants: [
      {
        html: 'test_parse_http_equiv_headers_csp2.html',
        headers: csp('default-src http:'),
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        pass: true,
      },
      ...each(
        [
          'default-src',
          "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
          "default-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
          "default-src 'none'; object-src https://mozilla.org",
        ],
        { result: 'csp-implemented-with-no-unsafe-default-src-none', pass: true },
      ),
      { html: 'test_parse_http_equiv_headers_csp1.html', result: 'csp-implemented-with-no-unsafe-default-src-none', pass: true },
      {
        html: 'test_parse_http_equiv_headers_csp_multiple_http_equiv1.html',
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        pass: true,
      },
      {
        html: 'test_parse_http_equiv_headers_csp1.html',
        headers: csp("default-src 'none'"),
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        pass: true,
      },
      {
        html: 'test_parse_http_equiv_headers_csp2.html',
        headers: csp("default-src 'none'"),
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        pass: true,
      },
      {
        html: 'test_parse_http_equiv_headers_csp1.html',
        headers: csp("img-src 'none'"),
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        pass: true,
      },
    ],
  },
  {
    test: 'content-security-policy',
    it: 'strict dynamic',
    variants: each(
      [
        "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123'",
        "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123'",
        "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
        "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' 'unsafe-inline'",
      ],
      { result: 'csp-implemented-with-no-unsafe-default-src-none', pass: true },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'policy analysis',
    variants: [
      ...each(["default-src 'none'", 'frame-ancestors *', 'frame-ancestors http:', 'frame-ancestors https:'], {
        result: null,
        pass: null,
        antiClickjacking: false,
      }),
      { headers: csp("default-src *; frame-ancestors 'none'"), result: null, pass: null, antiClickjacking: true },
      ...each(
        [
          "default-src 'none'; base-uri *; object-src *",
          "default-src 'none'; base-uri https:; object-src https:",
          'default-src *',
          "default-src *; base-uri 'none'",
          "default-src 'none'; base-uri 'self'",
          "default-src 'none'; base-uri https://mozilla.org",
          "default-src * http: https: data: 'unsafe-inline' 'unsafe-eval'",
          "default-src 'none'; img-src http:",
          "default-src 'none' https://mozilla.org; img-src http://mozilla.org",
          'default-src https:; media-src http://mozilla.org; script-src http:',
          "default-src *; form-action 'none'",
          "default-src *; form-action 'self'",
          "default-src 'none'; form-action 'self' https://mozilla.org",
          "form-action 'self' https://mozilla.org",
          "default-src 'none'",
          'form-action https:',
        ],
        {
          result: null,
          pass: null,
          flagsWithoutCounterpart: ['insecureBaseUri', 'unsafeObjects', 'insecureSchemePassive', 'insecureFormAction'],
        },
      ),
    ],
  },
  {
    test: 'content-security-policy',
    it: 'report only',
    variants: each(
      ["default-src 'none'; report-to /_/csp-reports"],
      { result: 'csp-not-implemented-but-reporting-enabled', pass: false },
      'content-security-policy-report-only',
    ),
  },
  {
    test: 'content-security-policy',
    it: 'multiple CSP headers combined per RFC 9110 are not treated as invalid',
    variants: each(["default-src 'none'; script-src 'self', default-src 'none'; script-src 'self'"], {
      result: 'csp-implemented-with-no-unsafe-default-src-none',
      pass: true,
    }),
  },
  {
    test: 'content-security-policy',
    it: 'multiple CSP headers with differing policies produce correct intersection',
    variants: each(
      [
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline', " +
          "default-src 'none'; style-src 'self', " +
          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'",
      ],
      { result: 'csp-implemented-with-no-unsafe-default-src-none', pass: true },
    ),
  },
  {
    test: 'content-security-policy',
    it: 'ignore frame-anchestors in http-equiv',
    variants: [
      { html: 'test_parse_http_equiv_headers_not_allowed.html', result: 'csp-not-implemented', pass: false },
      {
        html: 'test_parse_http_equiv_headers_not_allowed.html',
        headers: csp("frame-anchestors 'none'"),
        result: 'csp-implemented-with-unsafe-inline',
        pass: false,
      },
    ],
  },
];

const referrer = (value: string) => ({ 'referrer-policy': value });

const REFERRER_CASES: ObservatoryCase[] = [
  {
    test: 'referrer-policy',
    it: 'checks for private referrer header',
    variants: [
      ...each(
        ['no-referrer', 'same-origin', 'strict-origin', 'STRICT-ORIGIN', 'strict-origin-when-cross-origin'],
        { result: 'referrer-policy-private', pass: true },
        'referrer-policy',
      ),
      { html: 'test_parse_http_equiv_headers_referrer1.html', result: 'referrer-policy-private', pass: true },
      {
        html: 'test_parse_http_equiv_headers_referrer1.html',
        headers: referrer('unsafe-url'),
        result: 'referrer-policy-private',
        pass: true,
      },
    ],
  },
  {
    test: 'referrer-policy',
    it: 'checks for missing referrer header',
    variants: [{ result: 'referrer-policy-not-implemented', pass: true }],
  },
  {
    test: 'referrer-policy',
    it: 'checks for invalid referrer header',
    variants: each(['whimsy'], { result: 'referrer-policy-header-invalid', pass: false }, 'referrer-policy'),
  },
  {
    test: 'referrer-policy',
    it: 'checks for unsafe referrer header',
    variants: each(
      ['origin', 'origin-when-cross-origin', 'unsafe-url'],
      { result: 'referrer-policy-unsafe', pass: false },
      'referrer-policy',
    ),
  },
  {
    test: 'referrer-policy',
    it: 'checks for multiple valid referrer headers',
    variants: each(
      ['origin-when-cross-origin, no-referrer, unsafe-url', 'no-referrer, unsafe-url'],
      { result: 'referrer-policy-unsafe', pass: false },
      'referrer-policy',
    ),
  },
  {
    test: 'referrer-policy',
    it: 'checks for multiple referrer headers with valid and invalid mixed',
    variants: each(['no-referrer, whimsy'], { result: 'referrer-policy-private', pass: true }, 'referrer-policy'),
  },
  {
    test: 'referrer-policy',
    it: 'checks for multiple invalid referrer headers',
    variants: each(['whimsy, whimsy1, whimsy2'], { result: 'referrer-policy-header-invalid', pass: false }, 'referrer-policy'),
  },
];

// The X-Frame-Options harness loads test_content_sri_no_scripts.html (no <meta> policies) unless a case names another file.
const XFO_PAGE = 'test_content_sri_no_scripts.html' as const;

const FRAME_CASES: ObservatoryCase[] = [
  {
    test: 'x-frame-options',
    it: 'checks for missing',
    variants: [{ html: XFO_PAGE, result: 'x-frame-options-not-implemented', pass: false }],
  },
  {
    test: 'x-frame-options',
    it: 'checks validity',
    variants: each(
      ['whimsy', 'SAMEORIGIN, SAMEORIGIN'],
      { html: XFO_PAGE, result: 'x-frame-options-header-invalid', pass: false },
      'x-frame-options',
    ),
  },
  {
    test: 'x-frame-options',
    it: 'checks allow from origin',
    variants: each(
      ['ALLOW-FROM https://mozilla.org'],
      { html: XFO_PAGE, result: 'x-frame-options-allow-from-origin', pass: true },
      'x-frame-options',
    ),
  },
  {
    test: 'x-frame-options',
    it: 'checks deny',
    variants: each(
      ['DENY', 'SAMEORIGIN'],
      { html: XFO_PAGE, result: 'x-frame-options-sameorigin-or-deny', pass: true },
      'x-frame-options',
    ),
  },
  {
    test: 'x-frame-options',
    it: 'checks implemented via CSP',
    variants: [
      {
        html: XFO_PAGE,
        headers: { 'x-frame-options': 'DENY', 'content-security-policy': 'frame-ancestors https://mozilla.org' },
        result: 'x-frame-options-implemented-via-csp',
        pass: true,
      },
    ],
  },
  {
    test: 'x-frame-options',
    it: 'does not obey x-frame-options in meta equiv tags',
    variants: [
      { html: 'test_parse_http_equiv_headers_x_frame_options.html', result: 'x-frame-options-not-implemented', pass: false },
    ],
  },
];

const NOSNIFF_CASES: ObservatoryCase[] = [
  {
    test: 'x-content-type-options',
    it: 'checks for missing',
    variants: [{ result: 'x-content-type-options-not-implemented', pass: false }],
  },
  {
    test: 'x-content-type-options',
    it: 'checks header validity',
    variants: each(
      ['whimsy', 'nosniff, nosniff'],
      { result: 'x-content-type-options-header-invalid', pass: false },
      'x-content-type-options',
    ),
  },
  {
    test: 'x-content-type-options',
    it: 'checks for nosniff',
    variants: each(['nosniff', 'nosniff '], { result: 'x-content-type-options-nosniff', pass: true }, 'x-content-type-options'),
  },
];

const hstsHeader = (value: string) => ({ 'strict-transport-security': value });

const HSTS_CASES: ObservatoryCase[] = [
  { test: 'strict-transport-security', it: 'missing', variants: [{ result: 'hsts-not-implemented', pass: false }] },
  {
    test: 'strict-transport-security',
    it: 'header invalid',
    variants: each(
      ['includeSubDomains; preload', 'max-age=15768000; includeSubDomains, max-age=15768000; includeSubDomains'],
      { result: 'hsts-header-invalid', pass: false },
      'strict-transport-security',
    ),
  },
  {
    test: 'strict-transport-security',
    it: 'no https',
    variants: [
      { headers: hstsHeader('max-age=15768000'), plainHttpOnly: true, result: 'hsts-not-implemented-no-https', pass: false },
    ],
  },
  {
    test: 'strict-transport-security',
    it: 'invalid cert',
    variants: [
      {
        headers: hstsHeader('max-age=15768000; includeSubDomains; preload'),
        untrustedCertificate: true,
        result: 'hsts-invalid-cert',
        pass: false,
      },
    ],
  },
  {
    test: 'strict-transport-security',
    it: 'max age too low',
    variants: [{ headers: hstsHeader('max-age=86400'), result: 'hsts-implemented-max-age-less-than-six-months', pass: false }],
  },
  {
    test: 'strict-transport-security',
    it: 'implemented',
    variants: [
      {
        headers: hstsHeader('max-age=15768000; includeSubDomains; preload'),
        result: 'hsts-implemented-max-age-at-least-six-months',
        pass: true,
      },
    ],
  },
  {
    test: 'strict-transport-security',
    it: 'preloaded',
    variants: [
      { site: 'https://bugzilla.mozilla.org/', result: 'hsts-preloaded', pass: true, decidedByPreloadList: true },
      { site: 'https://facebook.com/', result: 'hsts-preloaded', pass: true, decidedByPreloadList: true },
      { site: 'https://dropboxusercontent.com/', result: 'hsts-not-implemented', pass: false },
    ],
  },
];

const HSTS_PROTECTED = hstsHeader('max-age=15768000');

const COOKIE_CASES: ObservatoryCase[] = [
  { test: 'cookies', it: 'detects no cookies found', variants: [{ result: 'cookies-not-found', pass: true }] },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions',
    variants: cookies(
      [
        'SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly',
        'foo=bar; Domain=mozilla.org; Secure; Path=/',
        'heroku-session-affinity=bar; Domain=mozilla.org; Path=/',
      ],
      { result: 'cookies-secure-with-httponly-sessions', pass: true, sameSite: false },
    ),
  },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions and samesite',
    variants: cookies(
      [
        'SESSIONID_SAMESITE_STRICT=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Strict',
        'SESSIONID_SAMESITE_LAX=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax',
        'SESSIONID_SAMESITE_NONE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=None',
      ],
      { result: 'cookies-secure-with-httponly-sessions-and-samesite', pass: true, sameSite: true },
    ),
  },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions and samesite not awarded if not all cookies samesite',
    variants: cookies(
      [
        'SESSIONID_SAMESITE_STRICT=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Strict',
        'SESSIONID_SAMESITE_NO_SAMESITE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly',
        'SESSIONID_SAMESITE_LAX=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax',
        'SESSIONID_SAMESITE_NONE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=None',
      ],
      { result: 'cookies-secure-with-httponly-sessions', pass: true, sameSite: false },
    ),
  },
  {
    test: 'cookies',
    it: 'checks anticsrf without samesite',
    variants: cookies(['CSRFTOKEN=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly'], {
      result: 'cookies-anticsrf-without-samesite-flag',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid empty',
    variants: cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite='], {
      result: 'cookies-samesite-flag-invalid',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid true',
    variants: cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=True'], {
      result: 'cookies-samesite-flag-invalid',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid',
    variants: cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Invalid'], {
      result: 'cookies-samesite-flag-invalid',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks regular cookie no secure but hsts',
    variants: [
      {
        setCookies: ['foo=bar; Domain=mozilla.org; Path=/'],
        headers: HSTS_PROTECTED,
        result: 'cookies-without-secure-flag-but-protected-by-hsts',
        pass: false,
        sameSite: false,
      },
    ],
  },
  {
    test: 'cookies',
    it: 'checks session cookie no secure but hsts',
    variants: [
      {
        setCookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'],
        headers: HSTS_PROTECTED,
        result: 'cookies-session-without-secure-flag-but-protected-by-hsts',
        pass: false,
        sameSite: false,
      },
    ],
  },
  {
    test: 'cookies',
    it: 'checks no secure',
    variants: cookies(['foo=bar; Domain=mozilla.org; Path=/'], {
      result: 'cookies-without-secure-flag',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks session no httponly',
    variants: cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure'], {
      result: 'cookies-session-without-httponly-flag',
      pass: false,
      sameSite: false,
    }),
  },
  {
    test: 'cookies',
    it: 'checks session no secure',
    variants: [
      ...cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'], {
        result: 'cookies-session-without-secure-flag',
        pass: false,
        sameSite: false,
      }),
      ...cookies(['SESSIONID=bar; Domain=mozilla.org; Path=/'], {
        result: 'cookies-session-without-secure-flag',
        pass: false,
        sameSite: false,
      }),
    ],
  },
];

/** Every header `it(...)` of the Observatory's suite: 16 CSP, 7 Referrer-Policy, 6 X-Frame-Options, 3 nosniff, 7 HSTS, 13 cookies. */
export const OBSERVATORY_CASES: readonly ObservatoryCase[] = [
  ...CSP_CASES,
  ...REFERRER_CASES,
  ...FRAME_CASES,
  ...NOSNIFF_CASES,
  ...HSTS_CASES,
  ...COOKIE_CASES,
];
