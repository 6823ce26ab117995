import type { CheckEvidence } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check, notApplicable } from '../check';
import { judgeSubjects, lookupEvidence, type SubjectVerdict, NOT_GATHERED } from '../posture/domain-verdicts';

export const NO_DKIM_SELECTORS =
  'No DKIM selectors are listed for this vendor. DKIM keys cannot be discovered from DNS: list the selectors its mail is signed with (the s= of a DKIM-Signature header) to have them checked';

export const dkim: Check = {
  id: 'dkim',
  version: 1,
  group: 'email_domain',
  severity: 'medium',
  title: 'DKIM keys published for the listed selectors',
  whyItMatters:
    "DKIM signatures prove a message came from the vendor's mail system unaltered; DMARC relies on them, and a selector without a published key (or a revoked one) makes the vendor's genuine mail fail authentication.",
  howToFix:
    'Publish each selector\'s public key as a TXT record at <selector>._domainkey.<domain> ("v=DKIM1; k=rsa; p=<key>", 2048-bit RSA), as the mail provider gives it.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const posture = crawl.domainPosture;
    if (!posture) return { outcome: 'not_checked', summary: NOT_GATHERED, evidence: [] };
    if (posture.dkimSelectors.length === 0) return notApplicable(NO_DKIM_SELECTORS);
    // A selector belongs to one of the vendor's domains: it passes when one of them publishes its key.
    const judge = (selector: string): SubjectVerdict => {
      const found = posture.domains.flatMap((domain) =>
        domain.dkim.filter((d) => d.selector === selector).map((d) => ({ domain, ...d })),
      );
      const evidence: CheckEvidence[] = found.flatMap((d) => lookupEvidence(d.lookup, (record) => `"${record.slice(0, 300)}"`));
      const withKey = found.find((d) => d.key === 'present');
      if (withKey) return { outcome: 'pass', says: `key published at ${selector}._domainkey.${withKey.domain.domain}`, evidence };
      const revoked = found.find((d) => d.key === 'revoked');
      if (revoked)
        return { outcome: 'fail', says: `revoked (empty p=) at ${selector}._domainkey.${revoked.domain.domain}`, evidence };
      if (found.some((d) => d.lookup.status === 'unanswered'))
        return { outcome: 'not_checked', says: 'DNS did not answer', evidence };
      return { outcome: 'fail', says: "no DKIM key on any of the vendor's domains", evidence };
    };
    return judgeSubjects(posture.dkimSelectors, (selector) => `selector ${selector}`, judge, NO_DKIM_SELECTORS);
  },
};
