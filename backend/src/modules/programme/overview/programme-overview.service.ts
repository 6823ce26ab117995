import { Injectable } from '@nestjs/common';
import {
  ACCEPTANCE_EXPIRY_WARNING_DAYS,
  GRADE_COUNT_KEYS,
  GRADE_LETTERS,
  type GradeCounts,
  type ProgrammeOverview,
} from '@vendorwatch/contracts';
import { RiskAcceptancesRepository, type WorkspaceId } from '@vendorwatch/db';
import { AcceptedStandings } from '@vendorwatch/runtime';
import { QuestionnaireProgrammeReader } from '../../questionnaires/programme-counts';
import { VendorReviewStatusService } from '../review-status/vendor-review-status.service';
import { ProgrammeTiersService } from '../tiers/programme-tiers.service';
import { ProgrammeOverviewRepository, type TierGradeCountRow } from './programme-overview.repository';

const noGrades = (): GradeCounts => Object.fromEntries(GRADE_COUNT_KEYS.map((key) => [key, 0])) as GradeCounts;

/** A letter the overview knows, or `ungraded` (not assessed yet, nothing judged). */
const gradeKey = (grade: string | null): keyof GradeCounts =>
  GRADE_LETTERS.includes(grade as never) ? (grade as keyof GradeCounts) : 'ungraded';

/**
 * Where people look: the workspace's vendors by tier and overall grade, review statuses by the one
 * rule (review-status.ts, through VendorReviewStatusService), open remediation requests, accepted
 * risks, questionnaires and expiring documents (issue 41) — every figure computed when read.
 */
@Injectable()
export class ProgrammeOverviewService {
  constructor(
    private readonly counts: ProgrammeOverviewRepository,
    private readonly tiers: ProgrammeTiersService,
    private readonly reviewStatuses: VendorReviewStatusService,
    private readonly acceptances: RiskAcceptancesRepository,
    private readonly accepted: AcceptedStandings,
    private readonly questionnaires: QuestionnaireProgrammeReader,
  ) {}

  async overview(workspaceId: WorkspaceId, now = new Date()): Promise<ProgrammeOverview> {
    const [tiers, cells, reviews, remediation, acceptances, questionnaires, documents] = await Promise.all([
      this.tiers.forWorkspace(workspaceId),
      this.tierGradeCounts(workspaceId, now),
      this.reviewStatuses.countsForWorkspace(workspaceId, now),
      this.counts.remediationCounts(workspaceId, now),
      this.acceptances.counts(workspaceId, now, ACCEPTANCE_EXPIRY_WARNING_DAYS),
      this.questionnaires.questionnaireCounts(workspaceId, now),
      this.questionnaires.documentCounts(workspaceId, now),
    ]);
    const byTier = tierMatrix(cells);
    const row = (tier: number | null) => byTier.get(tier) ?? { vendors: 0, grades: noGrades() };
    return {
      tiers: tiers.map(({ tier, name }) => ({ tier, name, ...row(tier) })),
      untiered: row(null),
      reviews,
      remediation: { open: remediation.open, overdue: remediation.overdue, awaitingReview: remediation.responded },
      acceptances: { pending: acceptances.pending, active: acceptances.active, expiringWithin30Days: acceptances.expiringSoon },
      questionnaires,
      documents,
    };
  }

  /**
   * Vendors per (tier, grade) with the grade the vendors list shows: as stored with the latest assessment,
   * or re-graded by AcceptedStandings (the one rule) for the few vendors with an active risk acceptance.
   */
  private async tierGradeCounts(workspaceId: WorkspaceId, now: Date): Promise<TierGradeCountRow[]> {
    const [cells, acceptedVendors] = await Promise.all([
      this.counts.tierGradeCounts(workspaceId),
      this.counts.vendorsWithActiveAcceptance(workspaceId, now),
    ]);
    if (acceptedVendors.length === 0) return cells;
    const standings = await this.accepted.of(workspaceId, acceptedVendors, now);
    const moved: TierGradeCountRow[] = [];
    for (const vendor of acceptedVendors) {
      const standing = standings.get(vendor.assessmentId);
      if (!standing) continue;
      // One vendor moves from its stored grade's cell to its accepted grade's.
      moved.push({ tier: vendor.tier, grade: vendor.grade, vendors: -1 });
      moved.push({ tier: vendor.tier, grade: standing.grades.overall.letter, vendors: 1 });
    }
    return [...cells, ...moved];
  }
}

/** The (tier, grade) counts folded into one row per tier (null: no tier), each with its total. */
function tierMatrix(cells: readonly TierGradeCountRow[]): Map<number | null, { vendors: number; grades: GradeCounts }> {
  const rows = new Map<number | null, { vendors: number; grades: GradeCounts }>();
  for (const cell of cells) {
    const row = rows.get(cell.tier) ?? { vendors: 0, grades: noGrades() };
    row.vendors += cell.vendors;
    row.grades[gradeKey(cell.grade)] += cell.vendors;
    rows.set(cell.tier, row);
  }
  return rows;
}
