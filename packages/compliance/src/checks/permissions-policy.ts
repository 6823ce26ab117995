import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { HEADER_PAGES, judgePages } from '../page-verdicts';

/** Not an Observatory test: the Permissions-Policy header is simply expected, with the retired Feature-Policy as a half measure. */
export const permissionsPolicy: Check = {
  id: 'permissions-policy',
  version: 1,
  group: 'security_headers',
  severity: 'low',
  title: 'Permissions-Policy set',
  whyItMatters:
    'A Permissions-Policy switches off powerful browser features (camera, microphone, geolocation, payment) the site does not use, so injected or embedded code cannot use them either.',
  howToFix:
    'Send a Permissions-Policy that disables what the site does not need, e.g. `Permissions-Policy: camera=(), microphone=(), geolocation=()`.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    return judgePages(
      indexOf(crawl).htmlPages,
      (page) => {
        const value = page.headers['permissions-policy']?.trim();
        if (value) return { outcome: 'pass', detail: `Permissions-Policy: ${value.slice(0, 200)}` };
        const legacy = page.headers['feature-policy']?.trim();
        if (legacy) return { outcome: 'warn', detail: `Only the retired Feature-Policy: ${legacy.slice(0, 200)}` };
        return { outcome: 'fail', detail: 'Permissions-Policy: absent' };
      },
      {
        ...HEADER_PAGES,
        pass: 'Permissions-Policy',
        warn: 'Only the retired Feature-Policy',
        fail: 'No Permissions-Policy',
      },
    );
  },
};
