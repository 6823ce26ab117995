import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages, type PageOutcome } from '../page-verdicts';
import { type CspFinding, cspOfPage, metaCspOf } from '../parsing/csp';
import type { AssessedPage } from '../input';

const VERDICTS: Record<CspFinding, { outcome: PageOutcome; says: string }> = {
  'not-implemented': { outcome: 'fail', says: 'absent' },
  'report-only': { outcome: 'fail', says: 'only Content-Security-Policy-Report-Only, which enforces nothing' },
  invalid: { outcome: 'fail', says: 'cannot be parsed (a repeated directive, or strict-dynamic without a nonce or hash)' },
  'unsafe-inline': {
    outcome: 'fail',
    says: "lets inline or broadly sourced scripts run ('unsafe-inline', data:, * or a bare scheme)",
  },
  'insecure-scheme': { outcome: 'fail', says: 'allows scripts or other active content over http:' },
  'unsafe-eval': { outcome: 'warn', says: "allows 'unsafe-eval'" },
  'insecure-scheme-passive': { outcome: 'warn', says: 'allows images or media over http:' },
  'unsafe-inline-style-only': { outcome: 'pass', says: 'restricts scripts (styles may be inline)' },
  'default-src-none': { outcome: 'pass', says: "restricts scripts, with default-src 'none'" },
  'no-unsafe': { outcome: 'pass', says: 'restricts scripts' },
};

/** The policies as the page delivered them, for evidence: the header's, then each `<meta>` element's. */
function policiesAsSent(page: AssessedPage): string {
  const header = page.headers['content-security-policy'] ?? page.headers['content-security-policy-report-only'];
  const sent = [
    ...(header === undefined ? [] : [header.slice(0, 300)]),
    ...metaCspOf(page).map((policy) => `<meta> ${policy.slice(0, 300)}`),
  ];
  return sent.length ? `: ${sent.join(' | ')}` : '';
}

/**
 * Follows MDN HTTP Observatory's "content-security-policy" test (src/analyzer/tests/csp.js); see
 * parsing/csp.ts. Policies in `<meta http-equiv>` elements count with the header's, as browsers apply them.
 */
export const contentSecurityPolicy: Check = {
  id: 'content-security-policy',
  version: 2,
  group: 'security_headers',
  severity: 'high',
  title: 'Content-Security-Policy present, without unsafe-inline scripts',
  whyItMatters:
    'A Content-Security-Policy that only lets known scripts run is the strongest defence against cross-site scripting: injected markup cannot execute.',
  howToFix:
    "Send a Content-Security-Policy with script-src (or default-src) limited to your own origins, no 'unsafe-inline' — use nonces or hashes, or 'strict-dynamic' — and object-src 'none'.",
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    return judgePages(
      index.htmlPages,
      (page) => {
        const { outcome, says } = VERDICTS[cspOfPage(index, page).finding];
        return { outcome, detail: `Content-Security-Policy ${says}${policiesAsSent(page)}` };
      },
      {
        ...HEADER_PAGES,
        pass: 'A CSP restricting scripts',
        warn: 'A CSP with weaknesses (unsafe-eval or http: media)',
        fail: 'No CSP restricting scripts',
      },
    );
  },
};
