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
  roleAtLeast,
  type WorkspaceRole,
} from '@vendorwatch/contracts';
import { CrawlerConfigsRepository, type CrawlerConfigRow, type WorkspaceId } from '@vendorwatch/db';
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
import { noteForAudit } from '../audit-log/audit-notes';

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

  /**
   * Every member reads the configurations; a viewer sees only the endpoint's host, since the full URL
   * may carry a token of the provider's (editors and above see it whole, as they may change it).
   */
  async list(workspaceId: WorkspaceId, role: WorkspaceRole, window?: ListWindow): Promise<CrawlerConfig[]> {
    const configs = (await this.configs.list(workspaceId, window)).map(toCrawlerConfig);
    if (roleAtLeast(role, 'editor')) return configs;
    return configs.map((config) => ({ ...config, apiEndpoint: hostOf(config.apiEndpoint) ?? '' }));
  }

  /** `userId`: who adds it. The workspace's first configuration becomes its active one. */
  async create(workspaceId: WorkspaceId, userId: string, input: CreateCrawlerConfig): Promise<CrawlerConfig> {
    const { apiKey, apiEndpoint, ...rest } = input;
    const values = { ...rest, apiEndpoint: apiEndpoint ?? this.config.SCRAPINGBEE_ENDPOINT, ...this.sealKey(apiKey) };
    const row = await this.configs.create(workspaceId, userId, values);
    noteForAudit({ endpointHost: hostOf(row.apiEndpoint), isActive: row.isActive });
    return toCrawlerConfig(row);
  }

  /**
   * A new endpoint needs the key again: otherwise the next test or crawl would send the saved key
   * to a host its owner never gave it to (whoever can change a configuration could collect it).
   */
  async update(workspaceId: WorkspaceId, id: string, input: UpdateCrawlerConfig): Promise<CrawlerConfig> {
    const { apiKey, ...rest } = input;
    if (rest.apiEndpoint !== undefined && !apiKey) {
      const current = await this.configs.find(workspaceId, id);
      if (!current) throw new NotFoundError(MESSAGES.crawlerConfigs.notFound);
      if (current.apiEndpoint !== rest.apiEndpoint)
        throw new BadRequestError(MESSAGES.crawlerConfigs.apiKeyRequiredForNewEndpoint);
    }
    const row = await this.configs.update(workspaceId, id, { ...rest, ...(apiKey ? this.sealKey(apiKey) : {}) });
    if (!row) throw new NotFoundError(MESSAGES.crawlerConfigs.notFound);
    noteForAudit({
      ...(rest.apiEndpoint !== undefined ? { endpointHost: hostOf(row.apiEndpoint) } : {}),
      ...(apiKey ? { apiKeyReplaced: true } : {}),
    });
    return toCrawlerConfig(row);
  }

  async remove(workspaceId: WorkspaceId, id: string): Promise<void> {
    const removed = await this.configs.delete(workspaceId, id);
    if (!removed) throw new NotFoundError(MESSAGES.crawlerConfigs.notFound);
    noteForAudit({ name: removed.name });
  }

  async activate(workspaceId: WorkspaceId, id: string): Promise<CrawlerConfig> {
    const row = await this.configs.activate(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.crawlerConfigs.notFound);
    noteForAudit({ name: row.name });
    return toCrawlerConfig(row);
  }

  /** The workspace's active configuration's credentials, or undefined when it has none. */
  async activeCredentials(workspaceId: WorkspaceId): Promise<ProviderCredentials | undefined> {
    const row = await this.configs.findActive(workspaceId);
    return row && this.open(row);
  }

  /** Asks the provider's usage endpoint: a valid key answers with its credits and costs nothing. */
  async testConnection(workspaceId: WorkspaceId, input: TestCrawlerConfig): Promise<ConnectionTestResult> {
    const credentials = input.id
      ? await this.savedCredentials(workspaceId, input.id)
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

  private async savedCredentials(workspaceId: WorkspaceId, id: string): Promise<ProviderCredentials> {
    const row = await this.configs.find(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.crawlerConfigs.notFound);
    return this.open(row);
  }

  private open(row: CrawlerConfigRow): ProviderCredentials {
    return { configId: row.id, apiKey: this.secrets.decrypt(row.apiKeyEncrypted), apiEndpoint: row.apiEndpoint };
  }

  private sealKey(apiKey: string) {
    return { apiKeyEncrypted: this.secrets.encrypt(apiKey), apiKeyLast4: apiKey.slice(-4) };
  }
}

/** An endpoint's host, for the audit log: the URL itself may carry what its owner would not log. */
function hostOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}
