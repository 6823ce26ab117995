import { Injectable, StreamableFile } from '@nestjs/common';
import {
  MESSAGES,
  type AssessmentGrades,
  type PortfolioQuery,
  type PortfolioThirdParties,
  type VendorInventorySummary,
  type VendorSoftware,
  type VendorThirdPartyList,
} from '@vendorwatch/contracts';
import { VendorsRepository, type WorkspaceId } from '@vendorwatch/db';
import { VendorInventories } from '@vendorwatch/runtime';
import { NotFoundError } from '../../common/errors';
import { noteForAudit } from '../audit-log/audit-notes';
import { portfolioCsv } from './portfolio-csv';
import { filterPortfolio } from './portfolio-filter';

/** The CycloneDX media type (CycloneDX 1.6, JSON), as its specification registers it. */
export const SBOM_CONTENT_TYPE = 'application/vnd.cyclonedx+json; version=1.6';

/**
 * What the workspace's vendors run and who they share visitors with, read in the request's workspace:
 * another workspace's vendor or report is not found (404), a vendor without an assessed crawl says so.
 */
@Injectable()
export class VendorInventoriesService {
  constructor(
    private readonly inventories: VendorInventories,
    private readonly vendors: VendorsRepository,
  ) {}

  async software(workspaceId: WorkspaceId, vendorId: string): Promise<VendorSoftware> {
    await this.vendorOrThrow(workspaceId, vendorId);
    return assessed(await this.inventories.software(workspaceId, vendorId));
  }

  async sbom(workspaceId: WorkspaceId, vendorId: string): Promise<StreamableFile> {
    const vendor = await this.vendorOrThrow(workspaceId, vendorId);
    const sbom = assessed(await this.inventories.sbom(workspaceId, vendorId));
    noteForAudit({ vendorName: vendor.name, fileName: sbom.fileName });
    return new StreamableFile(Buffer.from(sbom.json), {
      type: SBOM_CONTENT_TYPE,
      disposition: `attachment; filename="${sbom.fileName}"`,
    });
  }

  async thirdParties(workspaceId: WorkspaceId, vendorId: string): Promise<VendorThirdPartyList> {
    await this.vendorOrThrow(workspaceId, vendorId);
    return assessed(await this.inventories.thirdParties(workspaceId, vendorId));
  }

  /** Each assessed vendor's overall grade, vulnerable-library count and top third parties, by name. */
  summaries(workspaceId: WorkspaceId): Promise<VendorInventorySummary[]> {
    return this.inventories.summaries(workspaceId);
  }

  async portfolio(workspaceId: WorkspaceId, query: PortfolioQuery): Promise<PortfolioThirdParties> {
    const portfolio = await this.inventories.portfolio(workspaceId, query.vendorId ? [query.vendorId] : undefined);
    return filterPortfolio(portfolio, query);
  }

  /** `portfolio-third-parties-2026-01-31T120000Z.csv`, with the filters applied. */
  async portfolioExport(workspaceId: WorkspaceId, query: PortfolioQuery, now = new Date()): Promise<StreamableFile> {
    const portfolio = await this.portfolio(workspaceId, query);
    noteForAudit({ filters: query });
    const csv = portfolioCsv(portfolio);
    return new StreamableFile(Buffer.from(csv), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="portfolio-third-parties-${now.toISOString().slice(0, 19).replace(/:/g, '')}Z.csv"`,
    });
  }

  async grades(workspaceId: WorkspaceId, reportId: string): Promise<AssessmentGrades> {
    const grades = await this.inventories.grades(workspaceId, reportId);
    if (!grades) throw new NotFoundError(MESSAGES.reports.notFound);
    return grades;
  }

  private async vendorOrThrow(workspaceId: WorkspaceId, vendorId: string): Promise<{ name: string }> {
    const vendor = await this.vendors.findInWorkspace(workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    return vendor;
  }
}

function assessed<T>(value: T | null): T {
  if (value === null) throw new NotFoundError(MESSAGES.inventories.notAssessed);
  return value;
}
