import { applyAcceptances, gradesOf, portfolioThirdParties, sbomOf, whatIfFixed } from '@vendorwatch/compliance';
import type {
  AssessmentGrades,
  PortfolioThirdParties,
  VendorInventorySummary,
  VendorSoftware,
  VendorThirdPartyList,
} from '@vendorwatch/contracts';
import type {
  ComplianceAssessmentsRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  VendorInventoryRow,
  WorkspaceId,
} from '@vendorwatch/db';
import type { AcceptedStanding, AcceptedStandings } from './accepted-standings';

/** A vendor's bill of materials, ready to send as a file. */
export interface VendorSbom {
  fileName: string;
  /** CycloneDX 1.6 JSON. */
  json: string;
}

const TOP_THIRD_PARTIES = 5;

const crawlOf = (row: VendorInventoryRow) => ({
  vendorId: row.vendorId!,
  vendorName: row.vendorName,
  jobId: row.jobId,
  crawlCompletedAt: row.crawlCompletedAt?.toISOString() ?? null,
});

/**
 * What the vendor page, the dashboard, the exports and the portfolio screen read about what vendors run
 * and who they share visitors with: each vendor by its latest assessed crawl's stored inventory, every read
 * scoped to the workspace the request acts in (another workspace's vendor or assessment reads as absent
 * — null — never as someone's).
 */
export class VendorInventories {
  constructor(
    private readonly inventories: CrawlInventoriesRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly jobs: CrawlJobsRepository,
    /** Applies active risk acceptances to the grades read; without it, grades are as assessed. */
    private readonly accepted?: AcceptedStandings,
  ) {}

  /** The vendor's libraries (with advisories) and technologies; null when it has no assessed crawl. */
  async software(workspaceId: WorkspaceId, vendorId: string): Promise<VendorSoftware | null> {
    const row = await this.inventories.latestForVendor(workspaceId, vendorId);
    if (!row) return null;
    const { libraries, technologies, vulnerableLibraries, dataSources } = row;
    return { ...crawlOf(row), libraries, technologies, vulnerableLibraries, dataSources };
  }

  /** The vendor's CycloneDX SBOM (`sbom-{vendor}-{date}.cdx.json`); null when it has no assessed crawl. */
  async sbom(workspaceId: WorkspaceId, vendorId: string): Promise<VendorSbom | null> {
    const row = await this.inventories.latestForVendor(workspaceId, vendorId);
    if (!row) return null;
    // The inventory is the workspace's, and so is its crawl.
    const job = await this.jobs.findById(row.jobId);
    const json = sbomOf(row, {
      crawlId: row.jobId,
      vendorName: row.vendorName,
      siteUrl: job?.targetUrl ?? '',
      crawledAt: row.crawlCompletedAt,
    });
    const slug =
      row.vendorName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'vendor';
    const day = (row.crawlCompletedAt ?? row.computedAt).toISOString().slice(0, 10);
    return { fileName: `sbom-${slug}-${day}.cdx.json`, json };
  }

  /** The companies behind the vendor's third-party hosts; null when it has no assessed crawl. */
  async thirdParties(workspaceId: WorkspaceId, vendorId: string): Promise<VendorThirdPartyList | null> {
    const row = await this.inventories.latestForVendor(workspaceId, vendorId);
    if (!row) return null;
    return { ...crawlOf(row), thirdParties: row.thirdParties, dataSources: row.dataSources };
  }

  /** Concentration and tracking before consent across the listed vendors (every vendor of the workspace's when none). */
  async portfolio(workspaceId: WorkspaceId, vendorIds?: readonly string[]): Promise<PortfolioThirdParties> {
    const rows = await this.inventories.latestForVendors(workspaceId, vendorIds);
    return portfolioThirdParties(
      rows.map((row) => ({ vendorId: row.vendorId!, vendorName: row.vendorName, thirdParties: row.thirdParties })),
    );
  }

  /** Per vendor: its overall grade, how many vulnerable libraries, its top third parties (dashboard, exports). */
  async summaries(workspaceId: WorkspaceId, vendorIds?: readonly string[]): Promise<VendorInventorySummary[]> {
    const rows = await this.inventories.latestForVendors(workspaceId, vendorIds);
    const accepted = await this.acceptedByJob(workspaceId, rows);
    return rows.map((row) => ({
      ...crawlOf(row),
      overallGrade: accepted.get(row.jobId)?.grades.overall ?? row.grades.overall,
      vulnerableLibraries: row.vulnerableLibraries,
      topThirdParties: row.thirdParties.slice(0, TOP_THIRD_PARTIES).map((party) => party.name),
    }));
  }

  /** An assessment's grades and the what-if projection, from its stored check results; null when not the workspace's. */
  async grades(workspaceId: WorkspaceId, assessmentId: string): Promise<AssessmentGrades | null> {
    const assessment = await this.assessments.find(workspaceId, assessmentId);
    if (!assessment) return null;
    const stored = await this.assessments.checkResults(assessment.id);
    // As the report shows them: accepted checks left out (and not projected: they cost nothing now).
    const active = this.accepted && assessment.vendorId ? await this.accepted.activeFor(workspaceId, assessment.vendorId) : [];
    const checks = applyAcceptances(stored, active);
    return { assessmentId: assessment.id, grades: gradesOf(checks), whatIfFixed: whatIfFixed(checks) };
  }

  /** By crawl job: the standing of the rows' assessments whose vendor has an active acceptance. */
  private async acceptedByJob(workspaceId: WorkspaceId, rows: readonly VendorInventoryRow[]) {
    const byJob = new Map<string, AcceptedStanding>();
    if (!this.accepted || rows.length === 0) return byJob;
    const withActive = await this.accepted.vendorsWithActive(
      workspaceId,
      rows.flatMap((row) => (row.vendorId ? [row.vendorId] : [])),
    );
    const items: { vendorId: string; assessmentId: string; jobId: string }[] = [];
    for (const row of rows) {
      if (!row.vendorId || !withActive.has(row.vendorId)) continue;
      const assessment = await this.assessments.findByJob(workspaceId, row.jobId);
      if (assessment) items.push({ vendorId: row.vendorId, assessmentId: assessment.id, jobId: row.jobId });
    }
    const standings = await this.accepted.of(workspaceId, items);
    for (const item of items) {
      const standing = standings.get(item.assessmentId);
      if (standing) byJob.set(item.jobId, standing);
    }
    return byJob;
  }
}
