import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages, type PageVerdict } from '../page-verdicts';

const SAFE = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const UNSAFE = new Set(['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade']);

/**
 * Follows MDN HTTP Observatory's "referrer-policy" test (src/analyzer/tests/referrer-policy.js): the
 * last valid token of the header decides. The Observatory passes a missing header (browsers now
 * default to strict-origin-when-cross-origin); we warn, since older browsers leak full URLs.
 */
export function judgeReferrerPolicy(value: string | undefined): PageVerdict {
  if (value === undefined) return { outcome: 'warn', detail: 'Referrer-Policy: absent (browser default applies)' };
  const detail = `Referrer-Policy: ${value.slice(0, 100)}`;
  const tokens = value.split(',').map((token) => token.trim().toLowerCase());
  const policy = tokens.filter((token) => SAFE.has(token) || UNSAFE.has(token)).at(-1);
  if (policy && SAFE.has(policy)) return { outcome: 'pass', detail };
  return { outcome: 'fail', detail: `${detail} (${policy ? 'leaks full URLs to other sites' : 'no valid policy'})` };
}

export const referrerPolicy: Check = {
  id: 'referrer-policy',
  version: 1,
  group: 'security_headers',
  severity: 'low',
  title: 'Referrer-Policy set to a safe value',
  whyItMatters:
    'Full page URLs sent as the Referer to other sites can leak search terms, ids and tokens carried in paths and query strings.',
  howToFix: 'Send `Referrer-Policy: strict-origin-when-cross-origin` (or no-referrer, same-origin, strict-origin).',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(indexOf(crawl).htmlPages, (page) => judgeReferrerPolicy(page.headers['referrer-policy']), {
      ...HEADER_PAGES,
      pass: 'A safe Referrer-Policy',
      warn: 'No Referrer-Policy',
      fail: 'An unsafe or invalid Referrer-Policy',
    });
  },
};
