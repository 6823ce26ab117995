import { acceptedStanding } from '@vendorwatch/compliance';
import type { ComplianceLabel, Grades } from '@vendorwatch/contracts';
import type { ComplianceAssessmentsRepository, RiskAcceptancesRepository, StandingOverride, WorkspaceId } from '@vendorwatch/db';

/** An assessment's standing with the vendor's active risk acceptances applied. */
export interface AcceptedStanding {
  grades: Grades;
  /** Null when everything judged is accepted: the stored rate then stands. */
  rate: number | null;
  label: ComplianceLabel | null;
  accepted: number;
}

/**
 * Grades and rates as every list shows them (vendors list, vendor page, dashboard, exports): stored per
 * assessment as judged, and re-computed with `acceptedStanding` (the one rule) for the few vendors that
 * have an active acceptance at `now`. Vendors without one cost a single query.
 */
export class AcceptedStandings {
  constructor(
    private readonly acceptances: RiskAcceptancesRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
  ) {}

  /** The vendor's active acceptances at `now` (what `applyAcceptances` reads). */
  activeFor(workspaceId: WorkspaceId, vendorId: string, now: Date = new Date()) {
    return this.acceptances.activeForVendors(workspaceId, [vendorId], now);
  }

  /** Which of these vendors have an active acceptance at `now`: one query, whatever their number. */
  async vendorsWithActive(workspaceId: WorkspaceId, vendorIds: readonly string[], now: Date = new Date()): Promise<Set<string>> {
    return new Set((await this.acceptances.activeForVendors(workspaceId, vendorIds, now)).map((row) => row.vendorId));
  }

  /**
   * The workspace's latest assessments that an active acceptance re-grades at `now`, as the vendors
   * list filters and sorts them: one query when no acceptance is active, else one per such vendor.
   */
  async overridesInWorkspace(workspaceId: WorkspaceId, now: Date = new Date()): Promise<StandingOverride[]> {
    const vendorIds = [...new Set((await this.acceptances.activeInWorkspace(workspaceId, now)).map((row) => row.vendorId))];
    const latest = await this.assessments.latestOfVendors(workspaceId, vendorIds);
    const standings = await this.of(workspaceId, latest, now);
    return [...standings].map(([assessmentId, standing]) => ({
      assessmentId,
      grade: standing.grades.overall.letter,
      rate: standing.rate,
      label: standing.label,
    }));
  }

  /** By assessment id: the standing of each listed assessment whose vendor has an active acceptance; others are absent. */
  async of(
    workspaceId: WorkspaceId,
    items: readonly { vendorId: string; assessmentId: string }[],
    now: Date = new Date(),
  ): Promise<Map<string, AcceptedStanding>> {
    const standings = new Map<string, AcceptedStanding>();
    const active = await this.acceptances.activeForVendors(
      workspaceId,
      items.map((item) => item.vendorId),
      now,
    );
    if (active.length === 0) return standings;
    for (const { vendorId, assessmentId } of items) {
      const covering = active.filter((acceptance) => acceptance.vendorId === vendorId);
      if (covering.length === 0) continue;
      const standing = acceptedStanding(await this.assessments.checkResults(assessmentId), covering, now);
      if (standing.accepted === 0) continue;
      standings.set(assessmentId, {
        grades: standing.grades,
        rate: standing.score.rate,
        label: standing.score.label,
        accepted: standing.accepted,
      });
    }
    return standings;
  }
}
