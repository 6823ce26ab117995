import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages, type PageVerdict } from '../page-verdicts';

const SAFE = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const UNSAFE = new Set(['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade']);

/**
 * Follows MDN HTTP Observatory's "referrer-policy" test (src/analyzer/tests/referrer-policy.js): the
 * header's tokens, then the `<meta name="referrer">` element's (which takes precedence, coming last),
 * and the last valid token decides. No policy at all passes: browsers default to
 * strict-origin-when-cross-origin, which sends other sites the origin only.
 */
export function judgeReferrerPolicy(header: string | undefined, meta: string | null = null): PageVerdict {
  if (header === undefined && meta === null)
    return { outcome: 'pass', detail: 'Referrer-Policy: absent (browsers default to strict-origin-when-cross-origin)' };
  const sent = [
    ...(header === undefined ? [] : [`Referrer-Policy: ${header.slice(0, 100)}`]),
    ...(meta === null ? [] : [`<meta name="referrer" content="${meta.slice(0, 100)}">`]),
  ];
  const detail = sent.join('; ');
  const tokens = [header, meta]
    .filter((value): value is string => value !== undefined && value !== null)
    .flatMap((value) => value.split(','))
    .map((token) => token.trim().toLowerCase());
  const policy = tokens.filter((token) => SAFE.has(token) || UNSAFE.has(token)).at(-1);
  if (policy && SAFE.has(policy))
    return {
      outcome: 'pass',
      detail: meta !== null && header !== undefined ? `${detail} (the meta element, coming last, decides)` : detail,
    };
  return { outcome: 'fail', detail: `${detail} (${policy ? 'leaks full URLs to other sites' : 'no valid policy'})` };
}

export const referrerPolicy: Check = {
  id: 'referrer-policy',
  version: 2,
  group: 'security_headers',
  severity: 'low',
  title: 'Referrer-Policy safe (header or meta element)',
  whyItMatters:
    'Full page URLs sent as the Referer to other sites can leak search terms, ids and tokens carried in paths and query strings.',
  howToFix:
    'Send `Referrer-Policy: strict-origin-when-cross-origin` (or no-referrer, same-origin, strict-origin), or leave it unset so browsers apply that default; never unsafe-url, origin or no-referrer-when-downgrade.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) => judgeReferrerPolicy(page.headers['referrer-policy'], page.document?.metaPolicies?.referrerPolicy ?? null),
      {
        ...HEADER_PAGES,
        pass: 'A safe or default referrer policy',
        fail: 'An unsafe or invalid referrer policy',
      },
    );
  },
};
