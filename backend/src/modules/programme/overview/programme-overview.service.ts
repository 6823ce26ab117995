import { Injectable } from '@nestjs/common';
import {
  ACCEPTANCE_EXPIRY_WARNING_DAYS,
  GRADE_COUNT_KEYS,
  GRADE_LETTERS,
  type GradeCounts,
  type ProgrammeOverview,
} from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import { VendorReviewStatusService } from '../review-status/vendor-review-status.service';
import { ProgrammeTiersService } from '../tiers/programme-tiers.service';
import { ProgrammeOverviewRepository, type TierGradeCountRow } from './programme-overview.repository';

const DAY_MS = 86_400_000;

const noGrades = (): GradeCounts => Object.fromEntries(GRADE_COUNT_KEYS.map((key) => [key, 0])) as GradeCounts;

/** A letter the overview knows, or `ungraded` (not assessed yet, nothing judged). */
const gradeKey = (grade: string | null): keyof GradeCounts =>
  GRADE_LETTERS.includes(grade as never) ? (grade as keyof GradeCounts) : 'ungraded';

/**
 * Where people look: the workspace's vendors by tier and overall grade, review statuses by the one
 * rule (review-status.ts, through VendorReviewStatusService), open remediation requests and accepted
 * risks — every figure computed when read.
 */
@Injectable()
export class ProgrammeOverviewService {
  constructor(
    private readonly counts: ProgrammeOverviewRepository,
    private readonly tiers: ProgrammeTiersService,
    private readonly reviewStatuses: VendorReviewStatusService,
  ) {}

  async overview(workspaceId: WorkspaceId, now = new Date()): Promise<ProgrammeOverview> {
    const soon = new Date(now.getTime() + ACCEPTANCE_EXPIRY_WARNING_DAYS * DAY_MS);
    const [tiers, cells, reviews, remediation, acceptances] = await Promise.all([
      this.tiers.forWorkspace(workspaceId),
      this.counts.tierGradeCounts(workspaceId),
      this.reviewStatuses.countsForWorkspace(workspaceId, now),
      this.counts.remediationCounts(workspaceId, now),
      this.counts.acceptanceCounts(workspaceId, now, soon),
    ]);
    const byTier = tierMatrix(cells);
    const row = (tier: number | null) => byTier.get(tier) ?? { vendors: 0, grades: noGrades() };
    return {
      tiers: tiers.map(({ tier, name }) => ({ tier, name, ...row(tier) })),
      untiered: row(null),
      reviews,
      remediation: { open: remediation.open, overdue: remediation.overdue, awaitingReview: remediation.responded },
      acceptances: { pending: acceptances.pending, active: acceptances.active, expiringWithin30Days: acceptances.expiringSoon },
    };
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
