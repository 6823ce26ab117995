import { Injectable } from '@nestjs/common';
import type { DashboardPosture } from '@vendorwatch/contracts';
import { CrawlDomainPostureRepository, CrawlInventoriesRepository, type WorkspaceId } from '@vendorwatch/db';
import { dashboardPostureOf } from './dashboard-posture';

/** The dashboard's email, TLS, grade, software and third-party tiles, in the request's workspace. */
@Injectable()
export class DashboardPostureService {
  constructor(
    private readonly inventories: CrawlInventoriesRepository,
    private readonly domainPosture: CrawlDomainPostureRepository,
  ) {}

  async posture(workspaceId: WorkspaceId): Promise<DashboardPosture> {
    const rows = await this.inventories.latestForVendors(workspaceId);
    const facts = await this.domainPosture.findByJobIds(rows.map((row) => row.jobId));
    return dashboardPostureOf(rows, facts);
  }
}
