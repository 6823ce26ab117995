import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import { lookupEvidence, recordsTagged, type SubjectVerdict, unanswered, judgeDomains } from '../posture/domain-verdicts';

/** RFC 7208 §4.6.4: evaluating a record may cause at most 10 DNS lookups, or receivers treat it as an error. */
export const SPF_MAX_LOOKUPS = 10;

function judgeSpf(domain: DomainFacts): SubjectVerdict {
  const spf = domain.spf;
  if (domain.txt.status === 'unanswered') return unanswered(domain.txt);
  if (!spf || spf.result === 'temperror')
    return {
      outcome: 'not_checked',
      says: `SPF could not be evaluated: a lookup went unanswered${spf?.detail ? ` (${spf.detail})` : ''}`,
      evidence: lookupEvidence(domain.txt, (r) => `"${r}"`),
    };
  const records = recordsTagged(domain.txt, 'spf1');
  const evidence = records.length
    ? records.map((record) => ({ url: null, pageId: null, detail: `TXT ${domain.domain}: "${record}"` }))
    : lookupEvidence(domain.txt, (r) => `"${r}"`);
  const lookups = `${spf.lookups} DNS lookup${spf.lookups === 1 ? '' : 's'}`;
  evidence.push({
    url: null,
    pageId: null,
    detail: `SPF evaluation (mailauth): ${spf.result}${spf.detail ? ` — ${spf.detail}` : ''}; ${lookups}`,
  });
  const fail = (says: string): SubjectVerdict => ({ outcome: 'fail', says, evidence });
  if (spf.result === 'none') return fail('no SPF record');
  if (records.length > 1) return fail(`${records.length} SPF records (receivers reject them all)`);
  if (spf.lookups > SPF_MAX_LOOKUPS) return fail(`${lookups}, more than the ${SPF_MAX_LOOKUPS} receivers follow`);
  if (spf.result === 'permerror') return fail(`the record does not evaluate (${spf.detail ?? 'permerror'})`);
  if (spf.result === 'pass') return fail('ends in +all: any server may send as this domain');
  if (spf.result === 'neutral') return fail('ends in ?all (or has no all): says nothing about other senders');
  return { outcome: 'pass', says: `ends in ${spf.result === 'fail' ? '-all' : '~all'}, ${lookups}`, evidence };
}

export const spf: Check = {
  id: 'spf',
  version: 1,
  group: 'email_domain',
  severity: 'high',
  title: 'SPF record that names the senders and refuses the rest',
  whyItMatters:
    'SPF tells receivers which servers may send mail for the domain. Without it — or with +all, ?all, several records or more than 10 lookups, all of which receivers treat as no policy — anyone can send invoices "from" the vendor.',
  howToFix:
    'Publish one TXT record "v=spf1 include:<your mail provider> -all" (or ~all while you check), with at most 10 DNS lookups in total (flatten nested includes if needed); a domain that sends no mail publishes "v=spf1 -all".',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeSpf),
};
