import type { CaaRecord, DnsLookup, DomainFacts, MtaStsPolicyFacts, MxRecord, SpfEvaluation } from '@vendorwatch/compliance';
// The SPF module alone: mailauth's index also loads its BIMI and ARC stacks, about 300 modules at every worker start.
import { spf } from 'mailauth/lib/spf';
import getDmarcRecord from 'mailauth/lib/dmarc/get-dmarc-record';
import { resolvePolicy } from 'mailauth/lib/mta-sts';
import parseDkimHeaders from 'mailauth/lib/parse-dkim-headers';
import type * as packet from 'dns-packet';
import { DnsLookupError, type DnsResolver, txtStrings } from './dns-resolver';
import type { MtaStsFetcher } from './mta-sts-fetcher';

/**
 * An address no SPF policy names (TEST-NET-1, RFC 5737): evaluating a domain's SPF for a sender
 * there walks every mechanism and ends on the record's `all`, which is what it says to strangers.
 */
const STRANGER_IP = '192.0.2.1';
/** Lookups SPF may take before mailauth stops counting; RFC 7208's limit of 10 is judged by the check, so the true count is kept. */
const SPF_COUNTING_LIMIT = 50;

/** One lookup as the checks read it: records mapped for evidence, an authoritative "nothing there", or no answer. */
export async function lookup<T>(
  resolver: DnsResolver,
  name: string,
  type: packet.RecordType,
  show: (answer: packet.Answer) => T,
): Promise<DnsLookup<T>> {
  try {
    const answers = await resolver.query(name, type);
    return { name, type, status: 'answered', records: answers.map(show) };
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    if (error.isAuthoritativeEmpty)
      return { name, type, status: 'empty', rcode: error.code === 'ENOTFOUND' ? 'NXDOMAIN' : 'NODATA' };
    return { name, type, status: 'unanswered', reason: UNANSWERED[error.code] ?? error.code };
  }
}

const UNANSWERED: Partial<Record<DnsLookupError['code'], string>> = {
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'refused',
  ECAPPED: 'query cap reached',
  EBADRESP: 'malformed answer',
  ESTOPPED: 'not read in time (the posture read was stopped)',
};

const txt = (answer: packet.Answer) => txtStrings((answer as packet.TxtAnswer).data).join('');
const mx = (answer: packet.Answer): MxRecord => {
  const data = (answer as packet.MxAnswer).data;
  return { exchange: data.exchange.replace(/\.$/, ''), priority: data.preference ?? 0 };
};
const caa = (answer: packet.Answer): CaaRecord => {
  const data = (answer as packet.CaaAnswer).data;
  return { flags: data.flags ?? 0, tag: data.tag, value: data.value };
};
const dnskey = (answer: packet.Answer) => {
  const data = (answer as packet.DnskeyAnswer).data;
  return `flags ${data.flags}, algorithm ${data.algorithm}`;
};
const ds = (answer: packet.Answer) => {
  const data = (answer as packet.DSAnswer).data;
  return `key tag ${data.keyTag}, algorithm ${data.algorithm}, digest type ${data.digestType}`;
};

/** A resolver error as mailauth expects it: unanswered lookups throw, "nothing there" is ENOTFOUND/ENODATA. */
const isUnanswered = (error: unknown) => error instanceof DnsLookupError && !error.isAuthoritativeEmpty;

async function evaluateSpf(domain: string, resolver: DnsResolver): Promise<SpfEvaluation> {
  const result = await spf({
    sender: `postmaster@${domain}`,
    ip: STRANGER_IP,
    helo: domain,
    mta: 'vendorwatch',
    maxResolveCount: SPF_COUNTING_LIMIT,
    resolver: resolver.resolve,
  });
  const comment = typeof result.status.comment === 'string' ? result.status.comment : null;
  return {
    result: result.status.result as SpfEvaluation['result'],
    // mailauth's comment for an error says what went wrong; for a verdict it only restates the test address.
    detail: ['permerror', 'temperror'].includes(result.status.result) ? comment : null,
    lookups: result.lookups?.count ?? 0,
    voidLookups: result.lookups?.void ?? 0,
  };
}

async function readDmarcRecord(domain: string, resolver: DnsResolver): Promise<DomainFacts['dmarcRecord']> {
  try {
    const record = await getDmarcRecord(domain, resolver.resolve);
    // A record found at the organisational domain is not this domain's own: its lookup says there is none here.
    if (!record || record.isOrgRecord) return null;
    const tags = Object.fromEntries(
      Object.entries(record).flatMap(([key, value]) =>
        key === 'rr' || key === 'isOrgRecord' || typeof value === 'boolean' ? [] : [[key, String(value)]],
      ),
    );
    return { record: record.rr, tags };
  } catch (error) {
    if (isUnanswered(error)) return null;
    throw error;
  }
}

async function readMtaStsId(domain: string, resolver: DnsResolver): Promise<string | null> {
  try {
    return (await resolvePolicy(domain, { resolver: resolver.resolve })) || null;
  } catch (error) {
    // Several records (multi_sts_records) or no answer: no usable policy id.
    if (isUnanswered(error) || (error as { code?: string }).code === 'multi_sts_records') return null;
    throw error;
  }
}

/** What a DKIM record's p= says: a key, an empty (revoked) key, or no DKIM record at all. */
function dkimKey(records: string[]): 'present' | 'revoked' | null {
  for (const record of records) {
    const { parsed } = parseDkimHeaders(record);
    if (parsed.p === undefined) continue;
    return parsed.p.value.trim() ? 'present' : 'revoked';
  }
  return null;
}

/** Everything the "Email & domain" checks read about one domain, each lookup through the one resolver. */
export async function readDomain(
  domain: string,
  primary: boolean,
  dkimSelectors: string[],
  resolver: DnsResolver,
  mtaSts: MtaStsFetcher,
): Promise<DomainFacts> {
  const txtLookup = await lookup(resolver, domain, 'TXT', txt);
  const spfEvaluation = txtLookup.status === 'unanswered' ? null : await evaluateSpf(domain, resolver);
  const dmarc = await lookup(resolver, `_dmarc.${domain}`, 'TXT', txt);
  const mxLookup = await lookup(resolver, domain, 'MX', mx);
  const mtaStsTxt = await lookup(resolver, `_mta-sts.${domain}`, 'TXT', txt);
  const mtaStsId = mtaStsTxt.status === 'answered' ? await readMtaStsId(domain, resolver) : null;
  const mxHosts = mxLookup.status === 'answered' ? mxLookup.records.map((record) => record.exchange).filter(Boolean) : [];
  const mtaStsPolicy: MtaStsPolicyFacts | null = mtaStsId && mxHosts.length ? await mtaSts.fetch(domain, mxHosts) : null;
  const dkim = [];
  for (const selector of dkimSelectors) {
    const dkimLookup = await lookup(resolver, `${selector}._domainkey.${domain}`, 'TXT', txt);
    dkim.push({ selector, lookup: dkimLookup, key: dkimKey(dkimLookup.status === 'answered' ? dkimLookup.records : []) });
  }
  return {
    domain,
    primary,
    txt: txtLookup,
    spf: spfEvaluation,
    dmarc,
    dmarcRecord: dmarc.status === 'answered' ? await readDmarcRecord(domain, resolver) : null,
    mx: mxLookup,
    mtaStsTxt,
    mtaStsId,
    mtaStsPolicy,
    tlsRpt: await lookup(resolver, `_smtp._tls.${domain}`, 'TXT', txt),
    caa: await lookup(resolver, domain, 'CAA', caa),
    dnskey: await lookup(resolver, domain, 'DNSKEY', dnskey),
    ds: await lookup(resolver, domain, 'DS', ds),
    dkim,
  };
}
