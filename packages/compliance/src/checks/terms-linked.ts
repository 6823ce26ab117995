import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { linkedFromHome } from '../policy-links';

export const termsLinked: Check = {
  id: 'terms-linked',
  version: 2,
  group: 'privacy_legal',
  severity: 'medium',
  title: 'Terms of service linked from the home page',
  whyItMatters:
    'Terms that visitors cannot find are hard to enforce, and procurement teams need them to review what the vendor commits to.',
  howToFix: 'Publish terms of service (or of use) and link them from the home page footer.',
  methods: ALL_METHODS,
  evaluate: (crawl) => linkedFromHome(indexOf(crawl), 'terms', 'terms of service'),
};
