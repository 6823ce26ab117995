import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages } from '../page-verdicts';

/** Headers that name server software; they disclose too much once they carry a version. */
export const DISCLOSING_HEADERS = ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version', 'x-generator'];

/** "nginx/1.25.3", "Apache/2.4.41 (Ubuntu)", "PHP/8.1", "4.0.30319", "WordPress 6.4.2": a product followed by a version. */
const VERSION = /\/\s*v?\d|(^|[\s(])v?\d+\.\d+/i;

export const serverVersionDisclosure: Check = {
  id: 'server-version-disclosure',
  version: 1,
  group: 'security_headers',
  severity: 'low',
  title: 'No server software versions disclosed',
  whyItMatters: 'A version number in Server or X-Powered-By tells an attacker exactly which published vulnerabilities to try.',
  howToFix:
    'Drop version numbers from response headers (nginx `server_tokens off`, Apache `ServerTokens Prod`, PHP `expose_php = Off`, remove X-AspNet-Version and X-Powered-By).',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) => {
        const disclosed = DISCLOSING_HEADERS.filter((name) => VERSION.test(page.headers[name] ?? '')).map(
          (name) => `${name}: ${page.headers[name].slice(0, 100)}`,
        );
        if (disclosed.length) return { outcome: 'fail', detail: disclosed.join('; ') };
        const named = DISCLOSING_HEADERS.filter((name) => page.headers[name] !== undefined).map(
          (name) => `${name}: ${page.headers[name]}`,
        );
        return { outcome: 'pass', detail: named.length ? `${named.join('; ')} (no version)` : 'No server software headers' };
      },
      {
        ...HEADER_PAGES,
        pass: 'No software versions in headers',
        fail: 'Software versions in headers',
      },
    );
  },
};
