import { Injectable } from '@nestjs/common';
import type { DomainPostureFacts } from '@vendorwatch/compliance';
import { CrawlDomainPostureRepository, CrawlJobsRepository, VendorsRepository } from '@vendorwatch/db';
import type { AppConfig, CrawlPostureReader } from '@vendorwatch/runtime';
import { parseDnsServer, systemDnsServers } from './dns-resolver';
import { DomainPostureGatherer, type DomainPostureGathererOptions } from './domain-posture-gatherer';

/** The gatherer's options from the configuration: the operator's resolvers, timeout, cap and SSRF rule. */
export const gathererOptionsOf = (config: AppConfig): DomainPostureGathererOptions => ({
  servers: config.DNS_SERVERS.length ? config.DNS_SERVERS.map(parseDnsServer) : systemDnsServers(),
  queryTimeoutMs: config.DNS_QUERY_TIMEOUT_MS,
  maxQueries: config.DNS_MAX_QUERIES_PER_ASSESSMENT,
  allowPrivateNetworks: config.CRAWL_ALLOW_PRIVATE_NETWORKS,
  budgetMs: config.DOMAIN_POSTURE_BUDGET_MS,
});

/**
 * Reads an ended crawl's domain and TLS facts and stores them with the crawl, before it is assessed
 * (AfterCrawl's first step, for a completed crawl and a failed one alike): the vendor's domains (those
 * its user listed, else the start URL's registrable domain), the DKIM selectors listed for it, and the
 * HTTPS origins its pages met (or tried) on those domains. `signal` is the job's: a cancel or a
 * shutdown stops the reading, and what was left unread is stored as "could not be checked".
 */
@Injectable()
export class CrawlDomainPosture implements CrawlPostureReader {
  constructor(
    private readonly gatherer: DomainPostureGatherer,
    private readonly jobs: CrawlJobsRepository,
    private readonly posture: CrawlDomainPostureRepository,
    private readonly vendors: VendorsRepository,
  ) {}

  /** Gathers and stores the facts; null when the job is gone. */
  async gatherForCrawl(jobId: string, signal: AbortSignal): Promise<DomainPostureFacts | null> {
    const job = await this.jobs.findById(jobId);
    if (!job) return null;
    // The vendor of the crawl's workspace, whoever of its members added it or started the crawl.
    const vendor = job.vendorId ? await this.vendors.findInWorkspace(job.workspaceId, job.vendorId) : undefined;
    const startUrl = (job.settings.startUrls as string[] | undefined)?.[0] ?? job.targetUrl;
    const facts = await this.gatherer.gather(
      {
        startUrl,
        domains: vendor?.domains,
        dkimSelectors: vendor?.dkimSelectors,
        httpsOrigins: await this.posture.httpsOriginsOfCrawl(jobId),
      },
      signal,
    );
    await this.posture.save(job.workspaceId, jobId, facts);
    return facts;
  }
}
