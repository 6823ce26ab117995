import { Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES, type CrawlerSettings, type CrawlScope, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { CrawlerSettingsRepository, type VendorRow } from '@vendorwatch/db';
import { BadRequestError } from '../../common/errors';
import { VendorsService } from '../vendors/vendors.service';

@Injectable()
export class CrawlerSettingsService {
  constructor(
    private readonly settings: CrawlerSettingsRepository,
    private readonly vendors: VendorsService,
  ) {}

  async get(userId: string, vendorId: string): Promise<VendorCrawlerSettings> {
    const vendor = await this.vendors.findOwnedOrThrow(userId, vendorId);
    return { vendorId, ...(await this.scopeOf(userId, vendor)) };
  }

  async save(userId: string, vendorId: string, input: CrawlerSettings): Promise<VendorCrawlerSettings> {
    await this.vendors.findOwnedOrThrow(userId, vendorId);
    const row = await this.settings.upsert(userId, vendorId, input);
    return {
      vendorId,
      saved: true,
      maxPages: row.maxPages,
      crawlDelay: row.crawlDelay,
      startUrls: row.startUrls,
      allowedDomains: row.allowedDomains,
      excludePatterns: row.excludePatterns,
      keepQueryParams: row.keepQueryParams,
      ignoreSelectors: row.ignoreSelectors,
      ignoreTextPatterns: row.ignoreTextPatterns,
    };
  }

  /** What a crawl of this vendor covers: its saved settings, else the defaults from its URL. */
  async resolveScope(userId: string, vendor: VendorRow): Promise<CrawlScope> {
    const { saved: _saved, ...scope } = await this.scopeOf(userId, vendor);
    if (scope.startUrls.length === 0) throw new BadRequestError(MESSAGES.crawlerSettings.startUrlsRequired);
    return scope;
  }

  private async scopeOf(userId: string, vendor: VendorRow): Promise<CrawlScope & { saved: boolean }> {
    const row = await this.settings.find(userId, vendor.id);
    if (row) {
      const { maxPages, crawlDelay, startUrls, allowedDomains, excludePatterns, keepQueryParams } = row;
      const { ignoreSelectors, ignoreTextPatterns } = row;
      return {
        saved: true,
        ...{ maxPages, crawlDelay, startUrls, allowedDomains, excludePatterns, keepQueryParams },
        ...{ ignoreSelectors, ignoreTextPatterns },
      };
    }
    return {
      saved: false,
      maxPages: LIMITS.maxPages.default,
      crawlDelay: LIMITS.crawlDelayMs.default,
      startUrls: vendor.url ? [vendor.url] : [],
      allowedDomains: [],
      excludePatterns: [],
      keepQueryParams: [],
      ignoreSelectors: [],
      ignoreTextPatterns: [],
    };
  }
}
