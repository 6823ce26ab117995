import type { DomainPostureFacts } from '@vendorwatch/compliance';
import { AddressGuard } from '@vendorwatch/runtime';
import { type DnsServer, DnsResolver } from './dns-resolver';
import { readDomain } from './domain-records';
import { MtaStsFetcher } from './mta-sts-fetcher';
import { lookupThrough } from './resolver-lookup';
import { TlsProbe } from './tls-probe';
import { originsOnDomains, vendorDomains } from './vendor-domains';

/** A TLS handshake or the whole MTA-STS policy request may take this long (the crawl's own probe allows the same). */
const CONNECT_TIMEOUT_MS = 10_000;
/** Everything read about one crawl's domains and origins, together: DOMAIN_POSTURE_BUDGET_MS's default. */
export const DEFAULT_POSTURE_BUDGET_MS = 120_000;

export interface DomainPostureGathererOptions {
  /** The operator's resolvers (DNS_SERVERS), or the system's. */
  servers: DnsServer[];
  /** DNS_QUERY_TIMEOUT_MS. */
  queryTimeoutMs: number;
  /** DNS_MAX_QUERIES_PER_ASSESSMENT. */
  maxQueries: number;
  /**
   * CRAWL_ALLOW_PRIVATE_NETWORKS: the same SSRF rule as crawling for the MTA-STS fetch and the TLS
   * handshakes; unless it is set, domains under no public suffix are not read at all.
   */
  allowPrivateNetworks: boolean;
  /** DOMAIN_POSTURE_BUDGET_MS: all the domains and origins of one crawl share it. */
  budgetMs?: number;
  /** Certificates to trust besides the system's, and the port of MTA-STS policy hosts (RFC 8461: 443): for tests. */
  ca?: string[];
  mtaStsPort?: number;
  connectTimeoutMs?: number;
  now?: () => Date;
}

export interface DomainPostureInput {
  /** The crawl's first start URL: its registrable domain is the primary domain unless `domains` names others. */
  startUrl: string;
  /** The vendor's domains, primary first (the vendor field, when there is one). */
  domains?: readonly string[];
  /** The DKIM selectors the user listed for the vendor. */
  dkimSelectors?: readonly string[];
  /** Every HTTPS origin the crawl met; those on the vendor's domains have their TLS read. */
  httpsOrigins: readonly string[];
}

/**
 * Reads a vendor's email, DNS and TLS posture — the facts the "Email & domain" and "TLS" checks judge —
 * through one resolver per assessment (its timeout per query and its cap on queries), with the SSRF
 * guard of crawling on every connection. One deadline covers it all: the crawl's budget, shared by its
 * domains and origins, and the job's signal (a cancel or a shutdown). What the deadline leaves unread
 * is "could not be checked" in the facts — never an error, so a crawl is never held or failed by it.
 */
export class DomainPostureGatherer {
  constructor(private readonly options: DomainPostureGathererOptions) {}

  async gather(input: DomainPostureInput, jobSignal?: AbortSignal): Promise<DomainPostureFacts> {
    const checkedAt = (this.options.now?.() ?? new Date()).toISOString();
    const budget = AbortSignal.timeout(this.options.budgetMs ?? DEFAULT_POSTURE_BUDGET_MS);
    const signal = jobSignal ? AbortSignal.any([budget, jobSignal]) : budget;
    const resolver = new DnsResolver({
      servers: this.options.servers,
      timeoutMs: this.options.queryTimeoutMs,
      maxQueries: this.options.maxQueries,
      signal,
    });
    const guard = new AddressGuard(this.options.allowPrivateNetworks, lookupThrough(resolver));
    const timeoutMs = this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    const mtaSts = new MtaStsFetcher({ guard, timeoutMs, signal, ca: this.options.ca, port: this.options.mtaStsPort });
    const tls = new TlsProbe({ guard, timeoutMs, signal, ca: this.options.ca });
    const domainNames = vendorDomains(input.startUrl, input.domains, { internalNames: this.options.allowPrivateNetworks });
    const dkimSelectors = [...new Set(input.dkimSelectors ?? [])];
    try {
      const domains = [];
      for (const [i, domain] of domainNames.entries())
        domains.push(await readDomain(domain, i === 0, dkimSelectors, resolver, mtaSts));
      const origins = [];
      for (const origin of originsOnDomains(input.httpsOrigins, domainNames, input.startUrl))
        origins.push(await tls.probe(origin));
      return { checkedAt, domains, dkimSelectors, origins, lookups: { queries: resolver.queryCount, cap: resolver.queryCap } };
    } finally {
      await mtaSts.close();
    }
  }
}
