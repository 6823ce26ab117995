import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import {
  lookupEvidence,
  recordsTagged,
  type SubjectVerdict,
  unanswered,
  receivesMail,
  judgeDomains,
} from '../posture/domain-verdicts';

const REPORTS_TO = /(^|;)\s*rua\s*=\s*\S/i;

function judgeTlsRpt(domain: DomainFacts): SubjectVerdict {
  const mail = receivesMail(domain);
  if (mail === null) return unanswered(domain.mx);
  if (!mail) return { outcome: 'not_applicable', says: 'receives no mail', evidence: [] };
  if (domain.tlsRpt.status === 'unanswered') return unanswered(domain.tlsRpt);
  const evidence = lookupEvidence(domain.tlsRpt, (record) => `"${record}"`);
  const records = recordsTagged(domain.tlsRpt, 'TLSRPTv1');
  if (records.length === 0) return { outcome: 'fail', says: 'no TLS-RPT record at _smtp._tls', evidence };
  if (records.length > 1) return { outcome: 'fail', says: `${records.length} TLS-RPT records (senders use none)`, evidence };
  if (!REPORTS_TO.test(records[0])) return { outcome: 'fail', says: 'the TLS-RPT record names no rua to report to', evidence };
  return { outcome: 'pass', says: 'TLS failures are reported', evidence };
}

export const tlsRpt: Check = {
  id: 'tls-rpt',
  version: 1,
  group: 'email_domain',
  severity: 'low',
  title: 'TLS-RPT record asking for reports of mail TLS failures',
  whyItMatters:
    'TLS reporting (RFC 8460) tells the vendor when senders cannot deliver over TLS — an expired mail certificate or an attack — before mail is lost or read.',
  howToFix: 'Publish a TXT record at _smtp._tls.<domain>: "v=TLSRPTv1; rua=mailto:tls-reports@<domain>".',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeTlsRpt),
};
