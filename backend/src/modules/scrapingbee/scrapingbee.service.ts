import { Injectable } from '@nestjs/common';
import { MESSAGES, type ProxyTestResult, type ScrapeResult } from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import { ScrapingBeeError } from '@vendorwatch/runtime';
import { CrawlerConfigsService } from '../crawler-configs/crawler-configs.service';

/** The scraping proxy: calls ScrapingBee with the workspace's active configuration, so keys stay server-side. */
@Injectable()
export class ScrapingBeeService {
  constructor(private readonly configs: CrawlerConfigsService) {}

  async test(workspaceId: WorkspaceId): Promise<ProxyTestResult> {
    const credentials = await this.configs.activeCredentials(workspaceId);
    if (!credentials)
      return {
        success: false,
        message: `${MESSAGES.scraping.apiKeyNotConfigured}. ${MESSAGES.scraping.addApiKeyInSettings}`,
        credits: null,
      };
    try {
      const credits = await this.configs.client(credentials).usage();
      return { success: true, message: MESSAGES.crawlerConfigs.connectionSuccessful, credits: credits.remaining };
    } catch (error) {
      return {
        success: false,
        message: error instanceof ScrapingBeeError ? error.message : MESSAGES.scraping.connectionTestFailed,
        credits: null,
      };
    }
  }

  async scrape(workspaceId: WorkspaceId, url: string, renderJs: boolean): Promise<ScrapeResult> {
    const credentials = await this.configs.activeCredentials(workspaceId);
    if (!credentials) return { success: false, message: MESSAGES.scraping.apiKeyMissing, pageSource: null, credits: null };
    try {
      const page = await this.configs.client(credentials).scrape(url, { renderJs });
      return { success: true, message: `Scraped ${url}`, pageSource: page.body, credits: page.cost };
    } catch (error) {
      return {
        success: false,
        message: error instanceof ScrapingBeeError ? error.message : MESSAGES.scraping.scrapeFailed,
        pageSource: null,
        credits: null,
      };
    }
  }
}
