import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DEFAULT_PUPPETEER_SETTINGS, MESSAGES } from '@vendorwatch/contracts';
import { CrawlerConfigsRepository } from '@vendorwatch/db';
import { APP_CONFIG, ScrapingBeeClient, SecretBox, type AppConfig } from '@vendorwatch/runtime';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { AddressGuard } from '../network/address-guard';
import { GUARDED_DISPATCHER } from '../worker-tokens';
import { CriticalCrawlError, errorMessage } from './errors';
import type { Fetcher, FetcherRequest } from './fetcher';
import { HttpFetcher } from './fetchers/http/http-fetcher';
import { BrowserPool } from './fetchers/puppeteer/browser-pool';
import { PuppeteerFetcher } from './fetchers/puppeteer/puppeteer-fetcher';
import { ScrapingBeeFetcher } from './fetchers/scrapingbee/scrapingbee-fetcher';
import { HttpClient } from './http-client';

/** Builds the Fetcher of a crawl's method. API keys are read and decrypted here, never carried in jobs. */
@Injectable()
export class FetcherFactory implements OnApplicationShutdown {
  /** The operator's own endpoint is trusted as configured; a user-entered one goes through the SSRF guard. */
  private readonly trustedAgent = new Agent({ keepAliveTimeout: 10_000 });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(GUARDED_DISPATCHER) private readonly guarded: Dispatcher,
    private readonly http: HttpClient,
    private readonly guard: AddressGuard,
    private readonly browsers: BrowserPool,
    private readonly crawlerConfigs: CrawlerConfigsRepository,
    private readonly secrets: SecretBox,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.trustedAgent.close().catch(() => undefined);
  }

  async create(request: FetcherRequest): Promise<Fetcher> {
    switch (request.method) {
      case 'http':
        return new HttpFetcher(this.http);
      case 'puppeteer':
        return new PuppeteerFetcher(this.browsers, this.guard, {
          ...DEFAULT_PUPPETEER_SETTINGS,
          ...definedOnly(request.settings),
        });
      case 'api':
        return this.scrapingBee(request);
    }
  }

  private async scrapingBee(request: FetcherRequest): Promise<Fetcher> {
    const row = request.crawlerConfigId
      ? await this.crawlerConfigs.findOwned(request.userId, request.crawlerConfigId)
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
    const dispatcher = sameEndpoint(endpoint, this.config.SCRAPINGBEE_ENDPOINT) ? this.trustedAgent : this.guarded;
    const fetchVia = ((input: string | URL, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
    const client = new ScrapingBeeClient({ endpoint, apiKey, fetch: fetchVia });
    const usage = await client.usage().catch((error: unknown) => {
      throw new CriticalCrawlError(`ScrapingBee usage check failed: ${errorMessage(error)}`);
    });
    if (usage.max > 0 && usage.remaining <= 0)
      throw new CriticalCrawlError(`ScrapingBee credits exhausted (${usage.used} of ${usage.max} used)`);
    return new ScrapingBeeFetcher(client, dispatcher, this.guard);
  }
}

const sameEndpoint = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}
