/**
 * What the worker reads about a vendor's domains and HTTPS origins once a crawl completes, before it
 * is assessed: DNS records through the operator's resolver (`DNS_SERVERS`) and TLS handshakes. Stored
 * with the crawl, so re-assessing the same crawl gives the same result; the checks in the "Email &
 * domain" and "TLS" groups are pure functions of these facts.
 *
 * Records are kept verbatim (TXT strings joined as a resolver returns them), because they are the
 * evidence a report shows.
 */
export interface DomainPostureFacts {
  /** When the facts were read (ISO); certificate expiry is compared against it, never against "now". */
  checkedAt: string;
  /** The vendor's domains, the primary one first. */
  domains: DomainFacts[];
  /** The DKIM selectors the vendor has listed (DKIM keys cannot be discovered without them). */
  dkimSelectors: string[];
  /** Each HTTPS origin the crawl met on the vendor's domains. */
  origins: OriginTlsFacts[];
  /** The DNS queries this assessment made, against the operator's cap. */
  lookups: { queries: number; cap: number };
}

/**
 * One DNS lookup: its records, an authoritative "nothing there", or no answer at all. `unanswered`
 * (a timeout, a server failure, a refusal, the per-assessment cap) is no evidence about the vendor:
 * the checks that need it are "could not be checked".
 */
export type DnsLookup<T> =
  | { name: string; type: string; status: 'answered'; records: T[] }
  | { name: string; type: string; status: 'empty'; rcode: 'NXDOMAIN' | 'NODATA' }
  | { name: string; type: string; status: 'unanswered'; reason: string };

export interface MxRecord {
  exchange: string;
  priority: number;
}

export interface CaaRecord {
  flags: number;
  tag: string;
  value: string;
}

export interface DomainFacts {
  domain: string;
  /** The primary domain: the registrable domain of the vendor's website, unless the user chose another. */
  primary: boolean;
  /** TXT records at the domain (SPF lives there). */
  txt: DnsLookup<string>;
  /** SPF evaluated with mailauth through the same resolver; null when the TXT lookup went unanswered. */
  spf: SpfEvaluation | null;
  /** TXT records at `_dmarc.<domain>`. */
  dmarc: DnsLookup<string>;
  /** The one DMARC record as mailauth parsed it (tags lower-cased); null when there is none, or several. */
  dmarcRecord: { record: string; tags: Record<string, string> } | null;
  mx: DnsLookup<MxRecord>;
  /** TXT records at `_mta-sts.<domain>`. */
  mtaStsTxt: DnsLookup<string>;
  /** The policy id of a valid `v=STSv1` record (mailauth); null when there is none. */
  mtaStsId: string | null;
  /** `https://mta-sts.<domain>/.well-known/mta-sts.txt`; null when not requested (no `_mta-sts` record, or no mail). */
  mtaStsPolicy: MtaStsPolicyFacts | null;
  /** TXT records at `_smtp._tls.<domain>` (TLS-RPT). */
  tlsRpt: DnsLookup<string>;
  caa: DnsLookup<CaaRecord>;
  /** DNSKEY records at the domain: a summary per key ("flags 257, algorithm 13"). */
  dnskey: DnsLookup<string>;
  /** DS records for the domain in its parent zone: "key tag 2371, algorithm 13, digest type 2". */
  ds: DnsLookup<string>;
  /**
   * TXT records at `<selector>._domainkey.<domain>`, one lookup per listed selector, and what the
   * record's `p=` says: a key, an empty key (revoked), or no DKIM record at all (null).
   */
  dkim: { selector: string; lookup: DnsLookup<string>; key: 'present' | 'revoked' | null }[];
}

export interface SpfEvaluation {
  /**
   * mailauth's result for a sender at this domain connecting from an address no policy names
   * (192.0.2.1, TEST-NET-1): what the record's `all` (or its absence) says to everyone else.
   * pass = `+all`, fail = `-all`, softfail = `~all`, neutral = `?all` or no `all`; none = no record;
   * permerror = several records, a syntax error, or too many lookups; temperror = a lookup went unanswered.
   */
  result: 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'permerror' | 'temperror';
  /** mailauth's explanation, when it gave one (e.g. "multiple SPF records found for vendor.test"). */
  detail: string | null;
  /** DNS lookups the evaluation needed (include, a, mx, ptr, exists, redirect): RFC 7208 allows 10. */
  lookups: number;
  voidLookups: number;
}

export interface MtaStsPolicyFacts {
  url: string;
  /** The HTTP status; null when no answer came. */
  statusCode: number | null;
  /** The body of a 2xx answer (at most 64 KB), verbatim. */
  body: string | null;
  /** The policy as mailauth parsed it; null when there was no body or it did not parse. */
  policy: { mode: 'enforce' | 'testing' | 'none'; mx: string[]; maxAge: number | null } | null;
  /** The domain's MX hosts the policy does not list (mailauth's validateMx), so senders would refuse to deliver to them. */
  unlistedMx: string[];
  /** Why it could not be read or parsed (a refused connection, an untrusted certificate, an invalid policy). */
  error: string | null;
  /**
   * true when the read was cut off by the posture's deadline (the fetch's own timeout, the crawl's
   * budget, a cancel or a shutdown): nothing is known about the policy, so the check could not be made.
   * Absent on facts stored before it was recorded.
   */
  notRead?: boolean;
}

export const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;
export type TlsVersion = (typeof TLS_VERSIONS)[number];

export interface OriginTlsFacts {
  /** e.g. https://www.vendor.com (with the port when not 443). */
  origin: string;
  host: string;
  port: number;
  /** Why no handshake could be made at all (refused, timed out, refused by the SSRF guard); null when one was. */
  error: string | null;
  certificate: CertificateFacts | null;
  /**
   * Each protocol version offered alone: whether the server accepted it. null when this machine's
   * OpenSSL cannot offer that version, so it could not be tried (said in the evidence, never taken as a refusal).
   */
  protocols: { version: TlsVersion; accepted: boolean | null; detail: string | null }[];
}

export interface CertificateFacts {
  subject: string;
  issuer: string;
  subjectAltNames: string[];
  /** ISO dates. */
  validFrom: string;
  validTo: string;
  /** Whether the chain verified against the trust store. */
  trusted: boolean;
  /** Why not (e.g. SELF_SIGNED_CERT_IN_CHAIN, CERT_HAS_EXPIRED). */
  trustError: string | null;
  /** Whether the certificate names the host (subjectAltName, as browsers match it). */
  coversHost: boolean;
  /** 'RSA', 'EC', 'Ed25519' …; the key's size in bits (the modulus for RSA, the curve's for EC). */
  keyType: string;
  keyBits: number | null;
  /** e.g. "sha256WithRSAEncryption", "ecdsa-with-SHA384", "sha1WithRSAEncryption". */
  signatureAlgorithm: string;
  fingerprint256: string;
}
