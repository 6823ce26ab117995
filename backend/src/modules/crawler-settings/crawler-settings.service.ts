import { Injectable } from '@nestjs/common';
import { type CrawlerSettings, type CrawlScope, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { CrawlerSettingsRepository, type VendorRow, type WorkspaceId } from '@vendorwatch/db';
import { crawlScopeOf } from '@vendorwatch/runtime';
import { VendorsService } from '../vendors/vendors.service';

@Injectable()
export class CrawlerSettingsService {
  constructor(
    private readonly settings: CrawlerSettingsRepository,
    private readonly vendors: VendorsService,
  ) {}

  async get(workspaceId: WorkspaceId, vendorId: string): Promise<VendorCrawlerSettings> {
    const vendor = await this.vendors.findOrThrow(workspaceId, vendorId);
    return { vendorId, ...(await this.scopeOf(workspaceId, vendor)) };
  }

  /** `userId`: who saves them (recorded on the vendor's first save). */
  async save(workspaceId: WorkspaceId, userId: string, vendorId: string, input: CrawlerSettings): Promise<VendorCrawlerSettings> {
    await this.vendors.findOrThrow(workspaceId, vendorId);
    const row = await this.settings.upsert(workspaceId, userId, vendorId, input);
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

  private async scopeOf(workspaceId: WorkspaceId, vendor: VendorRow): Promise<CrawlScope & { saved: boolean }> {
    return crawlScopeOf(vendor, await this.settings.find(workspaceId, vendor.id));
  }
}
