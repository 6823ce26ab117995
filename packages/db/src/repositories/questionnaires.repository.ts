import {
  OPEN_QUESTIONNAIRE_STATES,
  type Prefill,
  type QuestionnaireSection,
  type QuestionnaireState,
  type AnswerReviewDecision,
  type VendorDocumentType,
} from '@vendorwatch/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import {
  questionnaireAnswers,
  questionnaireRequests,
  questionnaireTemplates,
  vendorDocuments,
  vendors,
  workspaces,
} from '../schema';
import type { WorkspaceId } from '../workspace-id';
import { vendorOwnerEmail } from './vendor-owner.query';

export type QuestionnaireTemplateRow = typeof questionnaireTemplates.$inferSelect;
export type QuestionnaireRequestRow = typeof questionnaireRequests.$inferSelect;
export type QuestionnaireAnswerRow = typeof questionnaireAnswers.$inferSelect;
export type VendorDocumentRow = Omit<typeof vendorDocuments.$inferSelect, 'content'>;
export type QuestionnaireRequestWithNames = QuestionnaireRequestRow & { vendorName: string; workspaceName: string };

export interface NewQuestionnaireRequest {
  workspaceId: WorkspaceId;
  vendorId: string;
  templateId: string;
  templateName: string;
  sections: QuestionnaireSection[];
  contactEmail: string;
  dueAt: Date;
  message: string | null;
  prefillAssessmentId: string | null;
  createdBy: string | null;
  /** One row per question: its pre-fill (and the answer it starts with), or none. */
  answers: { questionId: string; prefill: Prefill | null }[];
}

export interface NewVendorDocument {
  workspaceId: WorkspaceId;
  vendorId: string;
  requestId: string | null;
  type: VendorDocumentType;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer;
  validUntil: string;
}

const OPEN = [...OPEN_QUESTIONNAIRE_STATES];
const documentColumns = {
  id: vendorDocuments.id,
  workspaceId: vendorDocuments.workspaceId,
  vendorId: vendorDocuments.vendorId,
  requestId: vendorDocuments.requestId,
  type: vendorDocuments.type,
  name: vendorDocuments.name,
  contentType: vendorDocuments.contentType,
  size: vendorDocuments.size,
  sha256: vendorDocuments.sha256,
  validUntil: vendorDocuments.validUntil,
  uploadedAt: vendorDocuments.uploadedAt,
};

/** Questionnaire templates a workspace imported, questionnaire requests with their answers, and vendor documents. */
export class QuestionnairesRepository {
  constructor(private readonly db: Database) {}

  // Templates

  async createTemplate(input: {
    workspaceId: WorkspaceId;
    name: string;
    sections: QuestionnaireSection[];
    questionCount: number;
    createdBy: string | null;
  }): Promise<QuestionnaireTemplateRow> {
    const [row] = await this.db.insert(questionnaireTemplates).values(input).returning();
    return row!;
  }

  async templates(workspaceId: WorkspaceId): Promise<QuestionnaireTemplateRow[]> {
    return this.db
      .select()
      .from(questionnaireTemplates)
      .where(eq(questionnaireTemplates.workspaceId, workspaceId))
      .orderBy(asc(questionnaireTemplates.createdAt), asc(questionnaireTemplates.id));
  }

  async countTemplates(workspaceId: WorkspaceId): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(questionnaireTemplates)
      .where(eq(questionnaireTemplates.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  async template(workspaceId: WorkspaceId, id: string): Promise<QuestionnaireTemplateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(questionnaireTemplates)
      .where(and(eq(questionnaireTemplates.workspaceId, workspaceId), eq(questionnaireTemplates.id, id)));
    return row;
  }

  // Requests

  async create(input: NewQuestionnaireRequest): Promise<QuestionnaireRequestRow> {
    return this.db.transaction(async (tx) => {
      const { answers, ...request } = input;
      const [row] = await tx.insert(questionnaireRequests).values(request).returning();
      if (answers.length > 0) {
        await tx.insert(questionnaireAnswers).values(
          answers.map(({ questionId, prefill }) => ({
            workspaceId: input.workspaceId,
            requestId: row!.id,
            questionId,
            prefill,
            answer: prefill?.answer ?? null,
          })),
        );
      }
      return row!;
    });
  }

  /** Removes a request whose email could not be sent (nothing was promised to anyone). */
  async delete(id: string): Promise<void> {
    await this.db.delete(questionnaireRequests).where(eq(questionnaireRequests.id, id));
  }

  async list(
    workspaceId: WorkspaceId,
    filter: { vendorId?: string; state?: QuestionnaireState },
  ): Promise<(QuestionnaireRequestRow & { vendorName: string })[]> {
    const where: SQL[] = [eq(questionnaireRequests.workspaceId, workspaceId)];
    if (filter.vendorId) where.push(eq(questionnaireRequests.vendorId, filter.vendorId));
    if (filter.state) where.push(eq(questionnaireRequests.state, filter.state));
    const rows = await this.db
      .select({ request: questionnaireRequests, vendorName: vendors.name })
      .from(questionnaireRequests)
      .innerJoin(vendors, eq(vendors.id, questionnaireRequests.vendorId))
      .where(and(...where))
      .orderBy(desc(questionnaireRequests.createdAt), desc(questionnaireRequests.id))
      .limit(1000);
    return rows.map(({ request, vendorName }) => ({ ...request, vendorName }));
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<QuestionnaireRequestWithNames | undefined> {
    const [row] = await this.db
      .select({ request: questionnaireRequests, vendorName: vendors.name, workspaceName: workspaces.name })
      .from(questionnaireRequests)
      .innerJoin(vendors, eq(vendors.id, questionnaireRequests.vendorId))
      .innerJoin(workspaces, eq(workspaces.id, questionnaireRequests.workspaceId))
      .where(and(eq(questionnaireRequests.workspaceId, workspaceId), eq(questionnaireRequests.id, id)));
    return row ? { ...row.request, vendorName: row.vendorName, workspaceName: row.workspaceName } : undefined;
  }

  async answersOf(requestId: string): Promise<QuestionnaireAnswerRow[]> {
    return this.db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.requestId, requestId));
  }

  /** Answers of many requests at once (the list's scores). */
  async answersOfMany(requestIds: string[]): Promise<QuestionnaireAnswerRow[]> {
    if (requestIds.length === 0) return [];
    return this.db.select().from(questionnaireAnswers).where(inArray(questionnaireAnswers.requestId, requestIds));
  }

  /** Moves the request to `to` when it is in one of `from`; returns the row when it moved. */
  async transition(
    requestId: string,
    from: readonly QuestionnaireState[],
    to: QuestionnaireState,
    stamp: Partial<Pick<QuestionnaireRequestRow, 'viewedAt' | 'submittedAt' | 'reviewedAt' | 'cancelledAt'>> = {},
  ): Promise<QuestionnaireRequestRow | undefined> {
    const [row] = await this.db
      .update(questionnaireRequests)
      .set({ state: to, ...stamp })
      .where(and(eq(questionnaireRequests.id, requestId), inArray(questionnaireRequests.state, [...from])))
      .returning();
    return row;
  }

  /** The vendor's answer to one question (saved as it goes); clears an earlier follow-up's review. */
  async saveAnswer(requestId: string, questionId: string, answer: string, comment: string | null, at: Date): Promise<void> {
    await this.db
      .update(questionnaireAnswers)
      .set({ answer, comment, answeredAt: at })
      .where(and(eq(questionnaireAnswers.requestId, requestId), eq(questionnaireAnswers.questionId, questionId)));
  }

  async review(
    requestId: string,
    questionId: string,
    review: { decision: AnswerReviewDecision; note: string | null; at: Date; by: string | null },
  ): Promise<void> {
    await this.db
      .update(questionnaireAnswers)
      .set({ reviewDecision: review.decision, reviewNote: review.note, reviewedAt: review.at, reviewedBy: review.by })
      .where(and(eq(questionnaireAnswers.requestId, requestId), eq(questionnaireAnswers.questionId, questionId)));
  }

  /** Open requests whose due date falls within `[from, to]`, with the names a reminder needs. */
  async openDueBetween(from: Date, to: Date, limit: number): Promise<QuestionnaireRequestWithNames[]> {
    const rows = await this.db
      .select({ request: questionnaireRequests, vendorName: vendors.name, workspaceName: workspaces.name })
      .from(questionnaireRequests)
      .innerJoin(vendors, eq(vendors.id, questionnaireRequests.vendorId))
      .innerJoin(workspaces, eq(workspaces.id, questionnaireRequests.workspaceId))
      .where(
        and(
          inArray(questionnaireRequests.state, OPEN),
          gte(questionnaireRequests.dueAt, from),
          lte(questionnaireRequests.dueAt, to),
        ),
      )
      .orderBy(asc(questionnaireRequests.dueAt))
      .limit(limit);
    return rows.map((row) => ({ ...row.request, vendorName: row.vendorName, workspaceName: row.workspaceName }));
  }

  /** The email of the vendor's owner, while a member of the vendor's workspace; null without one. */
  vendorOwnerEmail(vendorId: string): Promise<string | null> {
    return vendorOwnerEmail(this.db, vendorId);
  }

  async findById(id: string): Promise<QuestionnaireRequestWithNames | undefined> {
    const [row] = await this.db
      .select({ request: questionnaireRequests, vendorName: vendors.name, workspaceName: workspaces.name })
      .from(questionnaireRequests)
      .innerJoin(vendors, eq(vendors.id, questionnaireRequests.vendorId))
      .innerJoin(workspaces, eq(workspaces.id, questionnaireRequests.workspaceId))
      .where(eq(questionnaireRequests.id, id));
    return row ? { ...row.request, vendorName: row.vendorName, workspaceName: row.workspaceName } : undefined;
  }

  /** Counts for the programme overview: open, overdue (open past due) and submitted (awaiting review). */
  async counts(workspaceId: WorkspaceId, now: Date): Promise<{ open: number; overdue: number; submitted: number }> {
    const [row] = await this.db
      .select({
        open: sql<number>`count(*) filter (where ${inArray(questionnaireRequests.state, OPEN)})`.mapWith(Number),
        overdue:
          sql<number>`count(*) filter (where ${and(inArray(questionnaireRequests.state, OPEN), lt(questionnaireRequests.dueAt, now))})`.mapWith(
            Number,
          ),
        submitted: sql<number>`count(*) filter (where ${eq(questionnaireRequests.state, 'submitted')})`.mapWith(Number),
      })
      .from(questionnaireRequests)
      .where(eq(questionnaireRequests.workspaceId, workspaceId));
    return { open: row?.open ?? 0, overdue: row?.overdue ?? 0, submitted: row?.submitted ?? 0 };
  }

  // Documents

  async addDocument(input: NewVendorDocument): Promise<VendorDocumentRow> {
    const [row] = await this.db.insert(vendorDocuments).values(input).returning(documentColumns);
    return row!;
  }

  async documents(workspaceId: WorkspaceId, vendorId: string): Promise<VendorDocumentRow[]> {
    return this.db
      .select(documentColumns)
      .from(vendorDocuments)
      .where(and(eq(vendorDocuments.workspaceId, workspaceId), eq(vendorDocuments.vendorId, vendorId)))
      .orderBy(desc(vendorDocuments.uploadedAt), desc(vendorDocuments.id));
  }

  async documentFile(
    workspaceId: WorkspaceId,
    vendorId: string,
    id: string,
  ): Promise<(VendorDocumentRow & { content: Buffer }) | undefined> {
    const [row] = await this.db
      .select({ ...documentColumns, content: vendorDocuments.content })
      .from(vendorDocuments)
      .where(
        and(eq(vendorDocuments.workspaceId, workspaceId), eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, id)),
      );
    return row;
  }

  /** Documents by validity on `today` (YYYY-MM-DD): expired before it, expiring up to `expiringUntil`. */
  async documentCounts(
    workspaceId: WorkspaceId,
    today: string,
    expiringUntil: string,
  ): Promise<{ expiring: number; expired: number }> {
    const [row] = await this.db
      .select({
        expired: sql<number>`count(*) filter (where ${lt(vendorDocuments.validUntil, today)})`.mapWith(Number),
        expiring:
          sql<number>`count(*) filter (where ${and(gte(vendorDocuments.validUntil, today), lte(vendorDocuments.validUntil, expiringUntil))})`.mapWith(
            Number,
          ),
      })
      .from(vendorDocuments)
      .where(eq(vendorDocuments.workspaceId, workspaceId));
    return { expiring: row?.expiring ?? 0, expired: row?.expired ?? 0 };
  }
}
