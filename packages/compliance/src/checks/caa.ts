import { ALL_METHODS, type Check } from '../check';
import type { CaaRecord, DomainFacts } from '../posture/domain-facts';
import { lookupEvidence, type SubjectVerdict, unanswered, recordsOf, judgeDomains } from '../posture/domain-verdicts';

const ISSUANCE_TAGS = new Set(['issue', 'issuewild']);
const showCaa = (record: CaaRecord) => `${record.flags} ${record.tag} "${record.value}"`;

function judgeCaa(domain: DomainFacts): SubjectVerdict {
  if (domain.caa.status === 'unanswered') return unanswered(domain.caa);
  const evidence = lookupEvidence(domain.caa, showCaa);
  const issuers = recordsOf(domain.caa).filter((record) => ISSUANCE_TAGS.has(record.tag.toLowerCase()));
  if (issuers.length === 0)
    return { outcome: 'fail', says: 'no CAA issue record: any certificate authority may issue for it', evidence };
  const names = [...new Set(issuers.map((record) => record.value.split(';')[0].trim() || 'none'))];
  return { outcome: 'pass', says: `only ${names.join(', ')} may issue certificates`, evidence };
}

export const caa: Check = {
  id: 'caa',
  version: 1,
  group: 'email_domain',
  severity: 'low',
  title: 'CAA records restricting which authorities issue certificates',
  whyItMatters:
    "CAA records (RFC 8659) name the certificate authorities allowed to issue for the domain; without them a mis-issued certificate from any of hundreds of authorities is enough to impersonate the vendor's sites.",
  howToFix:
    'Publish CAA records for the authorities you use, e.g. `0 issue "letsencrypt.org"` and `0 iodef "mailto:security@<domain>"`.',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeCaa),
};
