import { Injectable } from '@nestjs/common';
import { LIMITS, type QuestionnaireRequestSummary, type VendorDocument } from '@vendorwatch/contracts';
import { QuestionnairesRepository, type WorkspaceId } from '@vendorwatch/db';
import { documentOf } from './documents/vendor-documents.service';
import { QuestionnairesService } from './questionnaires.service';

const DAY_MS = 24 * 3600_000;

/** A vendor's latest questionnaire as its risk profile shows it: the score, and each contradiction with its evidence. */
export interface VendorQuestionnaireProfile {
  questionnaire:
    | (Pick<QuestionnaireRequestSummary, 'id' | 'templateName' | 'state' | 'score' | 'dueAt' | 'submittedAt'> & {
        contradictions: { questionId: string; text: string; checkId: string; evidence: string[] }[];
      })
    | null;
  documents: VendorDocument[];
}

/**
 * What the programme's overview and the vendor risk profile PDF read of questionnaires and documents
 * (issue 41): counts computed when read, and one vendor's latest questionnaire with its documents.
 * Exported by QuestionnairesModule for the programme module to wire in.
 */
@Injectable()
export class QuestionnaireProgrammeReader {
  constructor(
    private readonly repository: QuestionnairesRepository,
    private readonly questionnaires: QuestionnairesService,
  ) {}

  /** `questionnaires: { open, overdue, submitted }` of `GET /api/programme/overview`. */
  questionnaireCounts(workspaceId: WorkspaceId, now = new Date()): Promise<{ open: number; overdue: number; submitted: number }> {
    return this.repository.counts(workspaceId, now);
  }

  /** `documents: { expiring, expired }` of `GET /api/programme/overview`: expiring within 30 days, or already expired, on `now`'s day. */
  documentCounts(workspaceId: WorkspaceId, now = new Date()): Promise<{ expiring: number; expired: number }> {
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const until = new Date(today.getTime() + LIMITS.questionnaires.documentExpiringDays * DAY_MS);
    return this.repository.documentCounts(workspaceId, today.toISOString().slice(0, 10), until.toISOString().slice(0, 10));
  }

  /** The vendor's latest questionnaire not cancelled (score, contradictions) and its documents with their validity. */
  async vendorProfile(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<VendorQuestionnaireProfile> {
    const latest = (await this.repository.list(workspaceId, { vendorId })).find((request) => request.state !== 'cancelled');
    const documents = (await this.repository.documents(workspaceId, vendorId)).map((row) => documentOf(row, now));
    if (!latest) return { questionnaire: null, documents };
    const detail = await this.questionnaires.detail(workspaceId, latest.id, now);
    return {
      questionnaire: {
        id: detail.id,
        templateName: detail.templateName,
        state: detail.state,
        score: detail.score,
        dueAt: detail.dueAt,
        submittedAt: detail.submittedAt,
        contradictions: detail.answers.flatMap((answer) =>
          answer.contradiction ? [{ questionId: answer.questionId, text: answer.text, ...answer.contradiction }] : [],
        ),
      },
      documents,
    };
  }
}
