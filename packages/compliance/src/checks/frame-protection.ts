import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages } from '../page-verdicts';
import { cspOfPage } from '../parsing/csp';

/**
 * Follows MDN HTTP Observatory's "x-frame-options" test (src/analyzer/tests/x-frame-options.js):
 * CSP frame-ancestors (header only: browsers ignore it in `<meta>`, as they ignore X-Frame-Options
 * there) stands in for X-Frame-Options, and DENY, SAMEORIGIN and ALLOW-FROM pass — the Observatory
 * passes ALLOW-FROM, whose origin list older browsers honour; the evidence says current browsers
 * ignore it. One departure: a frame-ancestors of `*` or a bare scheme protects nothing, so it does
 * not count.
 */
export const frameProtection: Check = {
  id: 'frame-protection',
  version: 2,
  group: 'security_headers',
  severity: 'medium',
  title: 'Framing restricted (X-Frame-Options or CSP frame-ancestors)',
  whyItMatters:
    'A page that any site may frame can be overlaid with a decoy, so visitors click buttons they cannot see (clickjacking).',
  howToFix:
    "Send `Content-Security-Policy: frame-ancestors 'self'` (or 'none'), or `X-Frame-Options: SAMEORIGIN` for older browsers.",
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    return judgePages(
      index.htmlPages,
      (page) => {
        const csp = cspOfPage(index, page);
        if (csp.frameAncestorsProtect) return { outcome: 'pass', detail: `CSP frame-ancestors ${csp.frameAncestors}` };
        const value = page.headers['x-frame-options'];
        if (value === undefined)
          return {
            outcome: 'fail',
            detail: `X-Frame-Options: absent${csp.frameAncestors ? `; CSP frame-ancestors ${csp.frameAncestors} allows any site` : ''}`,
          };
        const xfo = value.trim().toLowerCase();
        const detail = `X-Frame-Options: ${value.slice(0, 100)}`;
        if (xfo === 'deny' || xfo === 'sameorigin') return { outcome: 'pass', detail };
        if (xfo.startsWith('allow-from'))
          return { outcome: 'pass', detail: `${detail} (current browsers ignore ALLOW-FROM: add CSP frame-ancestors)` };
        return { outcome: 'fail', detail: `${detail} (not a valid value)` };
      },
      {
        ...HEADER_PAGES,
        pass: 'Framing restricted',
        fail: 'Framing not restricted',
      },
    );
  },
};
