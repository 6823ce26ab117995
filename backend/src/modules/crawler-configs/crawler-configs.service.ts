import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  formatMessage,
  MESSAGES,
  type ConnectionTestResult,
  type CrawlerConfig,
  type CreateCrawlerConfig,
  type ListWindow,
  type TestCrawlerConfig,
  type UpdateCrawlerConfig,
} from '@vendorwatch/contracts';
import { CrawlerConfigsRepository, type CrawlerConfigRow } from '@vendorwatch/db';
import {
  AddressGuard,
  APP_CONFIG,
  createGuardedAgent,
  ProviderTransport,
  describeUrl,
  maskSecret,
  ScrapingBeeClient,
  ScrapingBeeError,
  SecretBox,
  type AppConfig,
} from '@vendorwatch/runtime';
import { BadRequestError, NotFoundError } from '../../common/errors';

const toCrawlerConfig = (row: CrawlerConfigRow): CrawlerConfig => ({
  id: row.id,
  name: row.name,
  type: row.type as CrawlerConfig['type'],
  apiKeyMasked: `••••${row.apiKeyLast4}`,
  apiEndpoint: row.apiEndpoint,
  options: row.options,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The decrypted credentials of a configuration, for calls to the provider. Never leaves the server. */
export interface ProviderCredentials {
  configId: string;
  apiKey: string;
  apiEndpoint: string;
}

@Injectable()
export class CrawlerConfigsService implements OnModuleDestroy {
  /** User-entered endpoints are reached through the SSRF guard, as the worker reaches them. */
  private readonly guardedAgent;
  private readonly providers;

  constructor(
    private readonly configs: CrawlerConfigsRepository,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.guardedAgent = createGuardedAgent(new AddressGuard(config.CRAWL_ALLOW_PRIVATE_NETWORKS));
    this.providers = new ProviderTransport(config.SCRAPINGBEE_ENDPOINT, this.guardedAgent);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.providers.close(), this.guardedAgent.close()]);
  }

  async list(userId: string, window?: ListWindow): Promise<CrawlerConfig[]> {
    return (await this.configs.listByOwner(userId, window)).map(toCrawlerConfig);
  }

  async create(userId: string, input: CreateCrawlerConfig): Promise<CrawlerConfig> {
    const { apiKey, apiEndpoint, ...rest } = input;
    const values = { ...rest, apiEndpoint: apiEndpoint ?? this.config.SCRAPINGBEE_ENDPOINT, ...this.sealKey(apiKey) };
    return toCrawlerConfig(await this.configs.create(userId, values));
  }

  /**
   * A new endpoint needs the key again: otherwise the next test or crawl would send the saved key
   * to a host its owner never gave it to (whoever can change a configuration could collect it).
   */
  async update(userId: string, id: string, input: UpdateCrawlerConfig): Promise<CrawlerConfig> {
    const { apiKey, ...rest } = input;
    if (rest.apiEndpoint !== undefined && !apiKey) {
      const current = await this.configs.findOwned(userId, id);
      if (!current) throw new NotFoundError('Configuration not found');
      if (current.apiEndpoint !== rest.apiEndpoint)
        throw new BadRequestError(MESSAGES.crawlerConfigs.apiKeyRequiredForNewEndpoint);
    }
    const row = await this.configs.updateOwned(userId, id, { ...rest, ...(apiKey ? this.sealKey(apiKey) : {}) });
    if (!row) throw new NotFoundError('Configuration not found');
    return toCrawlerConfig(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.configs.deleteOwned(userId, id))) throw new NotFoundError('Configuration not found');
  }

  async activate(userId: string, id: string): Promise<CrawlerConfig> {
    const row = await this.configs.activate(userId, id);
    if (!row) throw new NotFoundError('Configuration not found');
    return toCrawlerConfig(row);
  }

  /** The active configuration's credentials, or undefined when the user has none. */
  async activeCredentials(userId: string): Promise<ProviderCredentials | undefined> {
    const row = await this.configs.findActive(userId);
    return row && this.open(row);
  }

  /** Asks the provider's usage endpoint: a valid key answers with its credits and costs nothing. */
  async testConnection(userId: string, input: TestCrawlerConfig): Promise<ConnectionTestResult> {
    const credentials = input.id
      ? await this.savedCredentials(userId, input.id)
      : { apiKey: input.apiKey ?? '', apiEndpoint: input.apiEndpoint ?? this.config.SCRAPINGBEE_ENDPOINT, configId: '' };
    const client = this.client(credentials);
    const testUrl = describeUrl(client.url('usage'), maskSecret(credentials.apiKey));
    try {
      const credits = await client.usage();
      return { success: true, message: MESSAGES.crawlerConfigs.connectionSuccessful, credits, testUrl };
    } catch (error) {
      const reason = error instanceof ScrapingBeeError ? error.message : MESSAGES.scraping.testException;
      return { success: false, message: formatMessage.connectionTestFailed(reason), credits: null, testUrl };
    }
  }

  client({ apiKey, apiEndpoint }: Pick<ProviderCredentials, 'apiKey' | 'apiEndpoint'>): ScrapingBeeClient {
    return new ScrapingBeeClient({
      endpoint: apiEndpoint,
      apiKey,
      timeoutMs: 30_000,
      fetch: this.providers.fetchFor(apiEndpoint),
    });
  }

  private async savedCredentials(userId: string, id: string): Promise<ProviderCredentials> {
    const row = await this.configs.findOwned(userId, id);
    if (!row) throw new NotFoundError('Configuration not found');
    return this.open(row);
  }

  private open(row: CrawlerConfigRow): ProviderCredentials {
    return { configId: row.id, apiKey: this.secrets.decrypt(row.apiKeyEncrypted), apiEndpoint: row.apiEndpoint };
  }

  private sealKey(apiKey: string) {
    return { apiKeyEncrypted: this.secrets.encrypt(apiKey), apiKeyLast4: apiKey.slice(-4) };
  }
}
