import { ALL_METHODS, type Check } from '../check';
import type { OriginTlsFacts } from '../posture/domain-facts';
import { type SubjectVerdict, judgeOrigins, noHandshake } from '../posture/domain-verdicts';

/** Versions browsers and PCI DSS retired (RFC 8996): a server that still accepts them fails. */
const RETIRED = new Set(['TLSv1', 'TLSv1.1']);

function judgeProtocols(origin: OriginTlsFacts): SubjectVerdict {
  const evidence = origin.protocols.map((p) => ({
    url: origin.origin,
    pageId: null,
    detail: `${p.version}: ${p.accepted === null ? 'not tried' : p.accepted ? 'accepted' : 'refused'}${p.detail ? ` (${p.detail})` : ''}`,
  }));
  if (origin.error) return noHandshake(origin);
  const retired = origin.protocols.filter((p) => RETIRED.has(p.version));
  const accepted = retired.filter((p) => p.accepted);
  const offered = origin.protocols.filter((p) => p.accepted).map((p) => p.version);
  if (accepted.length) return { outcome: 'fail', says: `accepts ${accepted.map((p) => p.version).join(' and ')}`, evidence };
  const untried = retired.filter((p) => p.accepted === null);
  if (untried.length === retired.length)
    return {
      outcome: 'not_checked',
      says: `${untried.map((p) => p.version).join(' and ')} could not be offered from this machine (its OpenSSL refuses them)`,
      evidence,
    };
  const note = untried.length
    ? `; ${untried.map((p) => p.version).join(', ')} not tried (this machine's OpenSSL refuses it)`
    : '';
  return {
    outcome: 'pass',
    says: `offers ${offered.join(', ') || 'no version tried'}, refuses TLS 1.0 and 1.1${note}`,
    evidence,
  };
}

export const tlsProtocols: Check = {
  id: 'tls-protocols',
  version: 1,
  group: 'tls',
  severity: 'high',
  title: 'HTTPS origins refuse TLS 1.0 and 1.1',
  whyItMatters:
    'TLS 1.0 and 1.1 are deprecated (RFC 8996) and fail PCI DSS: a server that still accepts them can be downgraded to weak ciphers, and auditors flag it.',
  howToFix: 'Configure every HTTPS server and load balancer to accept TLS 1.2 and 1.3 only.',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeOrigins(crawl, judgeProtocols),
};
