import { Injectable } from '@nestjs/common';
import { type CrawlerSettings, type CrawlScope, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { CrawlerSettingsRepository, type VendorRow } from '@vendorwatch/db';
import { crawlScopeOf } from '@vendorwatch/runtime';
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

  private async scopeOf(userId: string, vendor: VendorRow): Promise<CrawlScope & { saved: boolean }> {
    return crawlScopeOf(vendor, await this.settings.find(userId, vendor.id));
  }
}
