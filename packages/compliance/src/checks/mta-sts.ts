import type { CheckEvidence } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check } from '../check';
import type { DomainFacts } from '../posture/domain-facts';
import { lookupEvidence, type SubjectVerdict, unanswered, receivesMail, judgeDomains } from '../posture/domain-verdicts';

function policyEvidence(domain: DomainFacts): CheckEvidence[] {
  const policy = domain.mtaStsPolicy;
  if (!policy) return [];
  const answer = policy.error ?? `HTTP ${policy.statusCode}`;
  return [{ url: policy.url, pageId: null, detail: policy.body !== null ? `${answer}: ${policy.body.slice(0, 500)}` : answer }];
}

function judgeMtaSts(domain: DomainFacts): SubjectVerdict {
  const mail = receivesMail(domain);
  if (mail === null) return unanswered(domain.mx);
  if (!mail) return { outcome: 'not_applicable', says: 'receives no mail', evidence: [] };
  if (domain.mtaStsTxt.status === 'unanswered') return unanswered(domain.mtaStsTxt);
  const evidence = [...lookupEvidence(domain.mtaStsTxt, (record) => `"${record}"`), ...policyEvidence(domain)];
  if (!domain.mtaStsId) return { outcome: 'fail', says: 'no valid _mta-sts record (v=STSv1 with an id)', evidence };
  if (domain.mtaStsPolicy?.notRead)
    return { outcome: 'not_checked', says: `policy not read in time (${domain.mtaStsPolicy.error ?? 'stopped'})`, evidence };
  const policy = domain.mtaStsPolicy?.policy;
  if (!policy)
    return {
      outcome: 'fail',
      says: `no policy at ${domain.mtaStsPolicy?.url} (${domain.mtaStsPolicy?.error ?? 'not read'})`,
      evidence,
    };
  if (policy.mode === 'none') return { outcome: 'fail', says: 'policy in mode none (switched off)', evidence };
  const unlisted = domain.mtaStsPolicy!.unlistedMx;
  if (unlisted.length)
    return {
      outcome: 'fail',
      says: `the policy does not list MX ${unlisted.join(', ')}, so senders would refuse them`,
      evidence,
    };
  if (policy.mode === 'testing') return { outcome: 'warn', says: 'policy in mode testing: failures are only reported', evidence };
  return { outcome: 'pass', says: `policy in mode enforce, listing ${policy.mx.join(', ')}`, evidence };
}

export const mtaSts: Check = {
  id: 'mta-sts',
  version: 1,
  group: 'email_domain',
  severity: 'medium',
  title: 'MTA-STS policy enforcing TLS for inbound mail',
  whyItMatters:
    'Without MTA-STS, servers sending mail to the vendor fall back to plain text whenever a network attacker strips STARTTLS, so messages (invoices, contracts, password resets) can be read or changed in transit.',
  howToFix:
    'Publish "v=STSv1; id=<date>" at _mta-sts.<domain> and serve https://mta-sts.<domain>/.well-known/mta-sts.txt with "version: STSv1", "mode: enforce", one "mx:" line per MX host and a "max_age" (start in mode testing).',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeDomains(crawl, judgeMtaSts),
};
