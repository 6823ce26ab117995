import { Inject, Injectable } from '@nestjs/common';
import type { DomainPostureFacts } from '@vendorwatch/compliance';
import { CrawlDomainPostureRepository, CrawlJobsRepository } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { parseDnsServer, systemDnsServers } from './dns-resolver';
import { DomainPostureGatherer, type DomainPostureGathererOptions } from './domain-posture-gatherer';

/** What the vendor says about its domains; until the vendor has these fields, the crawl's start URL decides. */
export interface VendorDomainSettings {
  domains?: readonly string[];
  dkimSelectors?: readonly string[];
}

/** The gatherer's options from the configuration: the operator's resolvers, timeout, cap and SSRF rule. */
export const gathererOptionsOf = (config: AppConfig): DomainPostureGathererOptions => ({
  servers: config.DNS_SERVERS.length ? config.DNS_SERVERS.map(parseDnsServer) : systemDnsServers(),
  queryTimeoutMs: config.DNS_QUERY_TIMEOUT_MS,
  maxQueries: config.DNS_MAX_QUERIES_PER_ASSESSMENT,
  allowPrivateNetworks: config.CRAWL_ALLOW_PRIVATE_NETWORKS,
});

/**
 * Reads a completed crawl's domain and TLS facts and stores them with the crawl, before it is
 * assessed: the vendor's domains (the start URL's registrable domain unless listed) and the HTTPS
 * origins its pages met on them.
 */
@Injectable()
export class CrawlDomainPosture {
  private readonly gatherer: DomainPostureGatherer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jobs: CrawlJobsRepository,
    private readonly posture: CrawlDomainPostureRepository,
  ) {
    this.gatherer = new DomainPostureGatherer(gathererOptionsOf(config));
  }

  /** Gathers and stores the facts; null when the job is gone. */
  async gatherForCrawl(jobId: string, vendor: VendorDomainSettings = {}): Promise<DomainPostureFacts | null> {
    const job = await this.jobs.findById(jobId);
    if (!job) return null;
    const startUrl = (job.settings.startUrls as string[] | undefined)?.[0] ?? job.targetUrl;
    const facts = await this.gatherer.gather({
      startUrl,
      domains: vendor.domains,
      dkimSelectors: vendor.dkimSelectors,
      httpsOrigins: await this.posture.httpsOriginsOfCrawl(jobId),
    });
    await this.posture.save(jobId, facts);
    return facts;
  }
}
