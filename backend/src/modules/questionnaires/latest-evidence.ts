import { Injectable } from '@nestjs/common';
import { ComplianceAssessmentsRepository, type WorkspaceId } from '@vendorwatch/db';
import type { MappedCheckResult } from './prefill';

/** What the vendor's latest assessment says about the checks a questionnaire maps to. */
export interface LatestEvidence {
  assessmentId: string | null;
  results: ReadonlyMap<string, MappedCheckResult>;
}

/** Reads the vendor's latest assessment's results for the mapped checks: pre-fills and contradictions come from them. */
@Injectable()
export class LatestEvidenceReader {
  constructor(private readonly assessments: ComplianceAssessmentsRepository) {}

  async read(workspaceId: WorkspaceId, vendorId: string, checkIds: readonly string[]): Promise<LatestEvidence> {
    const assessmentId = await this.assessments.latestIdOfVendor(workspaceId, vendorId);
    if (!assessmentId || checkIds.length === 0) return { assessmentId: assessmentId ?? null, results: new Map() };
    const rows = await this.assessments.checkResults(assessmentId, checkIds);
    return { assessmentId, results: new Map(rows.map((row) => [row.checkId, row])) };
  }
}
