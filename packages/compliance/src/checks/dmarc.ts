import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import { lookupEvidence, recordsTagged, type SubjectVerdict, unanswered, judgeDomains } from '../posture/domain-verdicts';

/** Whether a DMARC record makes receivers refuse or quarantine mail that fails authentication, for all of it. */
export const isEnforcing = (tags: Record<string, string>) =>
  ['quarantine', 'reject'].includes((tags.p ?? '').toLowerCase()) && dmarcPercent(tags) === 100;

/** `pct` (RFC 7489 §6.3), 100 when absent. */
export const dmarcPercent = (tags: Record<string, string>) => (tags.pct === undefined ? 100 : Number.parseInt(tags.pct, 10));

function judgeDmarc(domain: DomainFacts): SubjectVerdict {
  if (domain.dmarc.status === 'unanswered') return unanswered(domain.dmarc);
  const evidence = lookupEvidence(domain.dmarc, (record) => `"${record}"`);
  const records = recordsTagged(domain.dmarc, 'DMARC1');
  if (records.length === 0) return { outcome: 'fail', says: 'no DMARC record', evidence };
  if (records.length > 1) return { outcome: 'fail', says: `${records.length} DMARC records (receivers apply none)`, evidence };
  if (!domain.dmarcRecord)
    return { outcome: 'not_checked', says: 'the record could not be read (a lookup went unanswered)', evidence };
  const { tags } = domain.dmarcRecord;
  const policy = (tags.p ?? '').toLowerCase();
  if (!['none', 'quarantine', 'reject'].includes(policy))
    return { outcome: 'fail', says: `no valid policy (p=${tags.p ?? ''})`, evidence };
  const missing = tags.rua ? [] : ['no aggregate reports requested (rua)'];
  if (policy === 'none')
    return { outcome: 'warn', says: ['p=none: spoofed mail is still delivered', ...missing].join(', '), evidence };
  const percent = dmarcPercent(tags);
  if (percent !== 100)
    return {
      outcome: 'warn',
      says: [`p=${policy} on only ${percent} % of failing mail (pct=${tags.pct})`, ...missing].join(', '),
      evidence,
    };
  if (missing.length) return { outcome: 'warn', says: `p=${policy}, but ${missing[0]}`, evidence };
  return { outcome: 'pass', says: `p=${policy} on all mail, reports to ${tags.rua}`, evidence };
}

export const dmarc: Check = {
  id: 'dmarc',
  version: 1,
  group: 'email_domain',
  severity: 'high',
  title: 'DMARC policy that rejects or quarantines spoofed mail',
  whyItMatters:
    "DMARC is what makes receivers act on failed SPF and DKIM: without a quarantine or reject policy, mail forged in the vendor's name reaches inboxes — the classic route of invoice fraud.",
  howToFix:
    'Publish a TXT record at _dmarc.<domain>: start with "v=DMARC1; p=none; rua=mailto:dmarc@<domain>" to see who sends as you, then move to p=quarantine and p=reject (pct=100, the default).',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeDmarc),
};
