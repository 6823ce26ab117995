import type { CheckEvidence, CheckOutcome } from '@vendorwatch/contracts';
import type { CheckEvaluation } from '../check';
import type { DnsLookup, DomainFacts, DomainPostureFacts, MxRecord, OriginTlsFacts } from './domain-facts';
import type { AssessedCrawl } from '../input';

/** What a check concluded about one domain (or one HTTPS origin), with the records that decided it. */
export interface SubjectVerdict {
  outcome: CheckOutcome;
  /** A few words for the summary: "p=none", "no record", "DNS did not answer (timeout)". */
  says: string;
  evidence: CheckEvidence[];
}

/** How the verdicts of several domains combine: a known failure outweighs what could not be read, which outweighs a pass. */
const RANK: Record<CheckOutcome, number> = { fail: 4, warn: 3, not_checked: 2, pass: 1, not_applicable: 0 };

export const NOT_GATHERED =
  'The domain and TLS facts were not read for this crawl (it was stored before they were gathered, or reading them failed)';

/**
 * Judges each of the vendor's domains (or origins) and sums up per check: the worst verdict decides,
 * the summary names each subject with what decided it, and the evidence is every subject's records.
 */
export function judgeSubjects<T>(
  subjects: readonly T[],
  nameOf: (subject: T) => string,
  judge: (subject: T) => SubjectVerdict,
  none: string,
  line: (name: string, says: string) => string = (name, says) => `${name}: ${says}`,
): CheckEvaluation {
  if (subjects.length === 0) return { outcome: 'not_applicable', summary: none, evidence: [] };
  const verdicts = subjects.map((subject) => ({ name: nameOf(subject), ...judge(subject) }));
  const outcome = verdicts.reduce<CheckOutcome>(
    (worst, v) => (RANK[v.outcome] > RANK[worst] ? v.outcome : worst),
    'not_applicable',
  );
  const summary = verdicts.map((v) => line(v.name, v.says)).join('; ');
  // Each failing or warning domain or origin is a finding of its own: one more is new even when the check already failed.
  const findings = verdicts.filter((v) => v.outcome === 'fail' || v.outcome === 'warn').map((v) => v.name);
  return { outcome, summary, evidence: verdicts.flatMap((v) => v.evidence), ...(findings.length ? { findings } : {}) };
}

/** Judges each of the vendor's domains: the body of every "Email & domain" check. */
export function judgeDomains(crawl: AssessedCrawl, judge: (domain: DomainFacts) => SubjectVerdict): CheckEvaluation {
  const posture = crawl.domainPosture;
  if (!posture) return { outcome: 'not_checked', summary: NOT_GATHERED, evidence: [] };
  return judgeSubjects(posture.domains, domainName, judge, NO_DOMAINS);
}

/**
 * Judges each HTTPS origin the crawl met on the vendor's domains: the body of every "TLS" check. A
 * check whose verdicts are whole sentences naming their origin passes `line` to use them as they are.
 */
export function judgeOrigins(
  crawl: AssessedCrawl,
  judge: (origin: OriginTlsFacts, posture: DomainPostureFacts) => SubjectVerdict,
  line?: (name: string, says: string) => string,
): CheckEvaluation {
  const posture = crawl.domainPosture;
  if (!posture) return { outcome: 'not_checked', summary: NOT_GATHERED, evidence: [] };
  return judgeSubjects(
    posture.origins,
    (origin) => origin.origin,
    (origin) => judge(origin, posture),
    "The crawl met no HTTPS origin on the vendor's domains",
    line,
  );
}

/** The verdict for an origin no TLS handshake could be made with: could not be checked. */
export const noHandshake = (origin: OriginTlsFacts): SubjectVerdict => ({
  outcome: 'not_checked',
  says: `no TLS handshake (${origin.error ?? 'no certificate'})`,
  evidence: [{ url: origin.origin, pageId: null, detail: origin.error ?? 'No certificate presented' }],
});

/** Evidence for a DNS lookup, records verbatim: `TXT _dmarc.vendor.com: "v=DMARC1; p=reject"`. */
export function lookupEvidence<T>(lookup: DnsLookup<T>, show: (record: T) => string = (r) => JSON.stringify(r)): CheckEvidence[] {
  const where = `${lookup.type} ${lookup.name}`;
  if (lookup.status === 'answered' && lookup.records.length)
    return lookup.records.map((record) => ({ url: null, pageId: null, detail: `${where}: ${show(record)}` }));
  const detail =
    lookup.status === 'unanswered'
      ? `${where}: no answer (${lookup.reason})`
      : `${where}: no record (${lookup.status === 'empty' ? lookup.rcode : 'NODATA'})`;
  return [{ url: null, pageId: null, detail }];
}

/** The records of a lookup that answered (none otherwise). */
export const recordsOf = <T>(lookup: DnsLookup<T>): T[] => (lookup.status === 'answered' ? lookup.records : []);

/** The verdict for a domain whose lookup went unanswered: could not be checked, never a failure. */
export const unanswered = (lookup: DnsLookup<unknown>, evidence: CheckEvidence[] = lookupEvidence(lookup)): SubjectVerdict => ({
  outcome: 'not_checked',
  says: `DNS did not answer (${lookup.status === 'unanswered' ? lookup.reason : 'unknown'})`,
  evidence,
});

/** TXT records that start with a version tag (`v=spf1`, `v=DMARC1` …), compared as RFCs say: case-insensitively. */
export const recordsTagged = (lookup: DnsLookup<string>, tag: string): string[] =>
  recordsOf(lookup).filter((record) => new RegExp(`^\\s*v\\s*=\\s*${tag}(;|\\s|$)`, 'i').test(record));

const showMx = (mx: MxRecord) => `${mx.priority} ${mx.exchange || '.'}`;

/** Evidence for the MX lookup: "MX vendor.com: 10 mx1.vendor.com". */
export const mxEvidence = (domain: DomainFacts) => lookupEvidence(domain.mx, showMx);

/**
 * Whether the domain receives mail: false for a null MX (RFC 7505: one record, "0 ."), for no MX at
 * all, and null when the MX lookup went unanswered.
 */
export function receivesMail(domain: DomainFacts): boolean | null {
  if (domain.mx.status === 'unanswered') return null;
  const records = recordsOf(domain.mx);
  return records.length > 0 && !isNullMx(records);
}

export const isNullMx = (records: MxRecord[]) =>
  records.length === 1 && (records[0].exchange === '' || records[0].exchange === '.');

/** "vendor.com (primary)". */
export const domainName = (domain: DomainFacts) => (domain.primary ? `${domain.domain} (primary)` : domain.domain);

/** Said when the vendor has no domain name to read: its website is reached by address (a local demo, an intranet). */
export const NO_DOMAINS = 'The vendor has no domain name to read: its website is reached by an IP address, not by a name';
