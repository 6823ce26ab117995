import { Injectable } from '@nestjs/common';
import type { DashboardCharts, DashboardSummary } from '@vendorwatch/contracts';
import { DashboardRepository, type WorkspaceId } from '@vendorwatch/db';

const CHART_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class DashboardService {
  constructor(private readonly dashboard: DashboardRepository) {}

  summary(workspaceId: WorkspaceId): Promise<DashboardSummary> {
    return this.dashboard.figures(workspaceId);
  }

  /** The last 30 UTC days, today included, each present even when nothing happened on it. */
  async charts(workspaceId: WorkspaceId, now = new Date()): Promise<DashboardCharts> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (CHART_DAYS - 1) * DAY_MS);
    const [crawls, pages, compliance, responseTimeByVendor] = await Promise.all([
      this.dashboard.crawlsByDay(workspaceId, since),
      this.dashboard.pagesByDay(workspaceId, since),
      this.dashboard.complianceByDay(workspaceId, since),
      this.dashboard.responseTimeByVendor(workspaceId),
    ]);
    const days = Array.from({ length: CHART_DAYS }, (_, i) => ({
      date: new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
      completed: 0,
      failed: 0,
      cancelled: 0,
      pages: 0,
      complianceRate: null as number | null,
    }));
    const byDate = new Map(days.map((day) => [day.date, day]));
    for (const row of crawls) {
      const day = byDate.get(row.day);
      if (day && (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled'))
        day[row.status] += row.crawls;
    }
    for (const row of pages) {
      const day = byDate.get(row.day);
      if (day) day.pages = row.pages;
    }
    for (const row of compliance) {
      const day = byDate.get(row.day);
      if (day) day.complianceRate = row.averageRate;
    }
    return { days, responseTimeByVendor };
  }
}
