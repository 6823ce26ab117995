import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DEFAULT_CRAWL_RUN_SETTINGS, MESSAGES } from '@vendorwatch/contracts';
import { CrawlerConfigsRepository } from '@vendorwatch/db';
import { AddressGuard, APP_CONFIG, ProviderTransport, ScrapingBeeClient, SecretBox, type AppConfig } from '@vendorwatch/runtime';
import type { Dispatcher } from 'undici';
import { GUARDED_DISPATCHER } from '../../worker-tokens';
import { CriticalCrawlError, errorMessage } from '../primitives/errors';
import { BrowserTabSlots } from './adaptive/browser-tab-slots';
import { AdaptiveFetcher } from './adaptive/adaptive-fetcher';
import type { Fetcher, FetcherRequest } from './fetcher';
import { HttpFetcher } from './http/http-fetcher';
import { BrowserPool } from './puppeteer/browser-pool';
import { PuppeteerFetcher } from './puppeteer/puppeteer-fetcher';
import { ScrapingBeeFetcher } from './scrapingbee/scrapingbee-fetcher';
import { HttpClient } from './http/http-client';
import type { PageReading } from '../page-reading/page-body';
import { PageReaderPool } from '../page-reading/page-reader-pool';

/** Builds the Fetcher of a crawl's method. API keys are read and decrypted here, never carried in jobs. */
@Injectable()
export class FetcherFactory implements OnApplicationShutdown {
  private readonly providers: ProviderTransport;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(GUARDED_DISPATCHER) guarded: Dispatcher,
    private readonly http: HttpClient,
    private readonly guard: AddressGuard,
    private readonly browsers: BrowserPool,
    private readonly crawlerConfigs: CrawlerConfigsRepository,
    private readonly secrets: SecretBox,
    private readonly pageReaders: PageReaderPool,
    private readonly browserTabs: BrowserTabSlots,
  ) {
    this.providers = new ProviderTransport(config.SCRAPINGBEE_ENDPOINT, guarded);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.providers.close();
  }

  async create(request: FetcherRequest): Promise<Fetcher> {
    const reading: PageReading = { ignoreSelectors: request.ignoreSelectors ?? [], reader: this.pageReaders };
    switch (request.method) {
      case 'http':
        return new HttpFetcher(this.http, reading);
      case 'puppeteer':
        return this.puppeteer(request, reading);
      case 'adaptive':
        return new AdaptiveFetcher(
          new HttpFetcher(this.http, { ...reading, template: true }),
          this.puppeteer(request, reading),
          this.browserTabs,
        );
      case 'api':
        return this.scrapingBee(request, reading);
    }
  }

  private puppeteer(request: FetcherRequest, reading: PageReading): PuppeteerFetcher {
    return new PuppeteerFetcher(
      this.browsers,
      this.guard,
      { ...DEFAULT_CRAWL_RUN_SETTINGS, ...definedOnly(request.settings) },
      reading,
    );
  }

  private async scrapingBee(request: FetcherRequest, reading: PageReading): Promise<Fetcher> {
    const row = request.crawlerConfigId
      ? await this.crawlerConfigs.find(request.workspaceId, request.crawlerConfigId)
      : undefined;
    if (!row) throw new CriticalCrawlError(MESSAGES.crawls.apiKeyRequiredToStartJob);
    let apiKey: string;
    try {
      apiKey = this.secrets.decrypt(row.apiKeyEncrypted);
    } catch (error) {
      throw new CriticalCrawlError(
        `The stored API key cannot be decrypted (was ENCRYPTION_KEY changed?): ${errorMessage(error)}`,
      );
    }
    const endpoint = row.apiEndpoint || this.config.SCRAPINGBEE_ENDPOINT;
    const client = new ScrapingBeeClient({ endpoint, apiKey, fetch: this.providers.fetchFor(endpoint) });
    const usage = await client.usage().catch((error: unknown) => {
      throw new CriticalCrawlError(`ScrapingBee usage check failed: ${errorMessage(error)}`);
    });
    if (usage.max > 0 && usage.remaining <= 0)
      throw new CriticalCrawlError(`ScrapingBee credits exhausted (${usage.used} of ${usage.max} used)`);
    return new ScrapingBeeFetcher(client, this.providers.dispatcherFor(endpoint), this.guard, reading);
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
