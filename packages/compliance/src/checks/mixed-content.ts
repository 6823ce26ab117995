import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { judgePages } from '../page-verdicts';
import { cspOfPage } from '../parsing/csp';
import { listOf } from '../text';
import { isPlainHttpUrl } from '../urls';

const list = (urls: string[]) => listOf(urls, 3);

export const mixedContent: Check = {
  id: 'mixed-content',
  version: 1,
  group: 'transport',
  severity: 'high',
  title: 'No mixed content on HTTPS pages',
  whyItMatters:
    'A script, style or image fetched over http:// from an HTTPS page can be read or swapped on the way; browsers block or flag it, so pages also break.',
  howToFix: 'Reference every subresource over https:// (or relatively); `upgrade-insecure-requests` in the CSP is a stopgap.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    return judgePages(
      index.httpsHtmlPages,
      (page) => {
        const requested = (page.browser?.requests ?? []).map((request) => request.url).filter(isPlainHttpUrl);
        if (requested.length) return { outcome: 'fail', detail: `The browser requested over http: ${list(requested)}` };
        const referenced = page.document?.mixedContent ?? [];
        if (referenced.length === 0) return { outcome: 'pass', detail: 'No http: subresources' };
        // With upgrade-insecure-requests browsers fetch these over https, so nothing travels in the clear.
        if (cspOfPage(index, page).upgradeInsecureRequests)
          return {
            outcome: 'warn',
            detail: `The HTML references over http: ${list(referenced)} (upgraded by upgrade-insecure-requests)`,
          };
        return { outcome: 'fail', detail: `The HTML references over http: ${list(referenced)}` };
      },
      {
        pages: 'HTTPS pages',
        none: 'No HTML page is served over HTTPS, so there is no mixed content to judge',
        pass: 'No mixed content',
        warn: 'Mixed content upgraded by the CSP',
        fail: 'Mixed content',
      },
    );
  },
};
