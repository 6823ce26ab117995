import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages } from '../page-verdicts';

/** Follows MDN HTTP Observatory's "x-content-type-options" test (src/analyzer/tests/x-content-type-options.js). */
export const xContentTypeOptions: Check = {
  id: 'x-content-type-options',
  version: 1,
  group: 'security_headers',
  severity: 'medium',
  title: 'X-Content-Type-Options: nosniff',
  whyItMatters: 'Without nosniff a browser may guess that an upload or a text response is a script or a page, and run it.',
  howToFix: 'Send `X-Content-Type-Options: nosniff` on every response (and correct Content-Type headers).',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) => {
        const value = page.headers['x-content-type-options'];
        if (value === undefined) return { outcome: 'fail', detail: 'X-Content-Type-Options: absent' };
        const detail = `X-Content-Type-Options: ${value.slice(0, 100)}`;
        return { outcome: value.trim().toLowerCase() === 'nosniff' ? 'pass' : 'fail', detail };
      },
      {
        ...HEADER_PAGES,
        pass: 'X-Content-Type-Options: nosniff',
        fail: 'No X-Content-Type-Options: nosniff',
      },
    );
  },
};
