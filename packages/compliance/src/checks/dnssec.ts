import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import { lookupEvidence, type SubjectVerdict, unanswered, recordsOf, judgeDomains } from '../posture/domain-verdicts';

function judgeDnssec(domain: DomainFacts): SubjectVerdict {
  if (domain.dnskey.status === 'unanswered') return unanswered(domain.dnskey);
  if (domain.ds.status === 'unanswered') return unanswered(domain.ds);
  const evidence = [...lookupEvidence(domain.dnskey, String), ...lookupEvidence(domain.ds, String)];
  const keys = recordsOf(domain.dnskey).length;
  const delegations = recordsOf(domain.ds).length;
  if (keys && delegations) return { outcome: 'pass', says: `signed (${keys} DNSKEY, ${delegations} DS at the parent)`, evidence };
  if (keys)
    return {
      outcome: 'fail',
      says: 'DNSKEY published but no DS at the parent: the chain of trust is broken, so nothing is validated',
      evidence,
    };
  return { outcome: 'fail', says: 'not signed (no DNSKEY)', evidence };
}

export const dnssec: Check = {
  id: 'dnssec',
  version: 1,
  group: 'email_domain',
  severity: 'medium',
  title: 'DNSSEC: the domain is signed and its parent holds a DS record',
  whyItMatters:
    "DNSSEC lets resolvers verify the vendor's DNS answers, so its mail servers, SPF/DMARC policies and web addresses cannot be forged by cache poisoning.",
  howToFix:
    'Turn on DNSSEC signing at the DNS provider and publish the DS record it gives you at the registrar (the parent zone).',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeDnssec),
};
