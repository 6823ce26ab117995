import { ALL_METHODS, type Check, fail } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages, type PageVerdict } from '../page-verdicts';
import { finalUrlOf } from '../crawl-index';
import { originFor, refusalCode } from '../posture/certificate';

// Six months is 15 768 000 s; the Observatory accepts the common 180 days, and so do we.
export const HSTS_MIN_MAX_AGE = 15_552_000;

/**
 * Follows MDN HTTP Observatory's "strict-transport-security" test (src/analyzer/tests/strict-transport-security.js).
 * Browsers ignore HSTS received over a certificate they do not trust (RFC 6797 §8.1), so on a host whose
 * certificate the posture's TLS probe found refused it counts for nothing, as in the Observatory ("hsts-invalid-cert").
 */
export function judgeHsts(value: string | undefined): PageVerdict {
  if (value === undefined) return { outcome: 'fail', detail: 'Strict-Transport-Security: absent' };
  const detail = `Strict-Transport-Security: ${value.slice(0, 200)}`;
  // A comma means the header was sent twice; the Observatory calls that invalid.
  if (value.includes(',')) return { outcome: 'fail', detail: `${detail} (sent more than once)` };
  const maxAge = value
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .find((part) => part.startsWith('max-age='));
  const seconds = maxAge ? Number.parseInt(maxAge.slice('max-age='.length).replace(/"/g, ''), 10) : NaN;
  if (!Number.isFinite(seconds)) return { outcome: 'fail', detail: `${detail} (no valid max-age)` };
  if (seconds < HSTS_MIN_MAX_AGE) return { outcome: 'warn', detail: `${detail} (max-age under 6 months)` };
  return { outcome: 'pass', detail };
}

export const hsts: Check = {
  id: 'hsts',
  version: 2,
  group: 'transport',
  severity: 'high',
  title: 'HSTS with a max-age of at least 6 months',
  whyItMatters:
    'Strict-Transport-Security makes browsers use HTTPS for the site on their own, so a network attacker cannot downgrade a returning visitor to plain HTTP.',
  howToFix: 'Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` on every HTTPS response.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.htmlPages.length > 0 && index.httpsHtmlPages.length === 0)
      return fail('No HTML page is served over HTTPS, so HSTS cannot apply');
    const judge = (page: (typeof index.httpsHtmlPages)[number]): PageVerdict => {
      const verdict = judgeHsts(page.headers['strict-transport-security']);
      const certificate = originFor(crawl.domainPosture, finalUrlOf(page))?.certificate;
      const refused = certificate ? refusalCode(certificate) : null;
      if (verdict.outcome === 'fail' || !refused) return verdict;
      return { outcome: 'fail', detail: `${verdict.detail} (ignored by browsers: the certificate is not trusted, ${refused})` };
    };
    return judgePages(index.httpsHtmlPages, judge, {
      pages: 'HTTPS pages',
      none: 'No HTML page answered, so HSTS cannot be judged',
      pass: 'HSTS with max-age of at least 6 months',
      warn: 'HSTS with max-age under 6 months',
      fail: 'No valid HSTS header',
    });
  },
};
