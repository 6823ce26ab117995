import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import {
  recordsTagged,
  type SubjectVerdict,
  unanswered,
  recordsOf,
  isNullMx,
  mxEvidence,
  judgeDomains,
} from '../posture/domain-verdicts';

/** "v=spf1 -all" and nothing else: the domain sends no mail at all. */
const SENDS_NO_MAIL = /^\s*v=spf1\s+-all\s*$/i;

function judgeMx(domain: DomainFacts): SubjectVerdict {
  if (domain.mx.status === 'unanswered') return unanswered(domain.mx, mxEvidence(domain));
  const evidence = mxEvidence(domain);
  const records = recordsOf(domain.mx);
  if (isNullMx(records)) return { outcome: 'pass', says: 'a null MX says it receives no mail', evidence };
  if (records.length) return { outcome: 'pass', says: `mail goes to ${records.map((r) => r.exchange).join(', ')}`, evidence };
  const spfRecords = recordsTagged(domain.txt, 'spf1');
  if (spfRecords.length === 1 && SENDS_NO_MAIL.test(spfRecords[0]))
    return {
      outcome: 'pass',
      says: 'no MX, and "v=spf1 -all" says it has no mail',
      evidence: [...evidence, { url: null, pageId: null, detail: `TXT ${domain.domain}: "${spfRecords[0]}"` }],
    };
  if (domain.txt.status === 'unanswered') return unanswered(domain.txt, evidence);
  return { outcome: 'fail', says: 'no MX record, and no null MX or "v=spf1 -all" saying it has no mail', evidence };
}

export const mx: Check = {
  id: 'mx',
  version: 1,
  group: 'email_domain',
  severity: 'medium',
  title: 'Mail routing declared (MX, or a null MX for a domain without mail)',
  whyItMatters:
    'A domain with no MX record neither receives mail reliably (senders fall back to its address records) nor says it has none, so bounces and replies to invoices go astray and spoofers face no clear policy.',
  howToFix:
    'Publish MX records for the servers that receive the domain\'s mail; a domain without mail publishes a null MX ("MX 0 .", RFC 7505) and "v=spf1 -all".',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeMx),
};
