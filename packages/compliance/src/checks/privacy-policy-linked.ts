import { ALL_METHODS, type Check } from '../check';
import { indexOf } from '../crawl-index';
import { linkedFromHome } from '../policy-links';

export const privacyPolicyLinked: Check = {
  id: 'privacy-policy-linked',
  version: 2,
  group: 'privacy_legal',
  severity: 'high',
  title: 'Privacy policy linked from the home page',
  whyItMatters:
    'Data-protection law (GDPR Art. 13, CCPA and others) requires telling visitors what personal data is collected and why, where they can find it.',
  howToFix: 'Publish a privacy policy and link it from the home page, usually in the footer of every page.',
  methods: ALL_METHODS,
  evaluate: (crawl) => linkedFromHome(indexOf(crawl), 'privacy', 'privacy policy'),
};
