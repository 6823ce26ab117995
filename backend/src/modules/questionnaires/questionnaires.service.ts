import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  MESSAGES,
  OPEN_QUESTIONNAIRE_STATES,
  fill,
  type AnswerReviewInput,
  type CreatedQuestionnaireRequest,
  type CreateQuestionnaireRequest,
  type QuestionnaireListQuery,
  type QuestionnaireRequestDetail,
  type QuestionnaireRequestList,
  type QuestionnaireState,
} from '@vendorwatch/contracts';
import {
  inAmbientTransaction,
  QuestionnairesRepository,
  VendorsRepository,
  type DatabaseHandle,
  type QuestionnaireRequestWithNames,
  type WorkspaceId,
} from '@vendorwatch/db';
import { DATABASE_HANDLE, ProgrammeMailer } from '@vendorwatch/runtime';
import { BadRequestError, ConflictError, DomainError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { VendorLinksService } from '../vendor-links/vendor-links.service';
import { LatestEvidenceReader } from './latest-evidence';
import { prefillOf } from './prefill';
import { answersOf, mappedCheckIds, summaryOf } from './questionnaire-views';
import { QuestionnaireTemplatesService } from './templates/questionnaire-templates.service';

const M = MESSAGES.questionnaires;
/** States in which the analyst may review answers. */
const REVIEWABLE: readonly QuestionnaireState[] = ['submitted', 'reviewed'];
/** States a request may be cancelled from. */
const CANCELLABLE: readonly QuestionnaireState[] = [...OPEN_QUESTIONNAIRE_STATES, 'submitted'];

/**
 * The analysts' side of questionnaires: send one through the vendor link (pre-filled from the
 * vendor's latest assessment), list and read them with their contradictions and score, review each
 * answer (accept, or a follow-up that sends the request back to the vendor), and cancel one.
 */
@Injectable()
export class QuestionnairesService {
  private readonly logger = new Logger('Questionnaires');

  constructor(
    private readonly repository: QuestionnairesRepository,
    private readonly vendors: VendorsRepository,
    private readonly templates: QuestionnaireTemplatesService,
    private readonly evidence: LatestEvidenceReader,
    private readonly links: VendorLinksService,
    private readonly mailer: ProgrammeMailer,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  /**
   * The request, its answers (pre-filled where the latest assessment decides a question) and its link
   * commit before the email goes out; an email that could not be sent removes them all (502).
   */
  async create(
    workspace: WorkspaceContext,
    vendorId: string,
    input: CreateQuestionnaireRequest,
  ): Promise<CreatedQuestionnaireRequest> {
    const vendor = await this.vendors.findInWorkspace(workspace.workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    const template = await this.templates.find(workspace.workspaceId, input.templateId);
    if (!template) throw new BadRequestError(M.templateNotFound);
    const latest = await this.evidence.read(workspace.workspaceId, vendor.id, mappedCheckIds(template.sections));
    const contactEmail = input.contactEmail.toLowerCase();

    const { request, issued } = await inAmbientTransaction(this.database.db, async () => {
      const request = await this.repository.create({
        workspaceId: workspace.workspaceId,
        vendorId: vendor.id,
        templateId: template.id,
        templateName: template.name,
        sections: template.sections,
        contactEmail,
        dueAt: new Date(input.dueAt),
        message: input.message?.trim() || null,
        prefillAssessmentId: latest.assessmentId,
        createdBy: workspace.userId,
        answers: template.sections.flatMap((section) =>
          section.questions.map((question) => ({
            questionId: question.id,
            prefill: question.type === 'yes_no' ? prefillOf(question.checkIds, latest.results) : null,
          })),
        ),
      });
      const issued = await this.links.issue({
        workspaceId: workspace.workspaceId,
        vendorId: vendor.id,
        kind: 'questionnaire',
        subjectId: request.id,
        contactEmail,
      });
      return { request, issued };
    });
    noteForAudit({ vendorName: vendor.name, templateId: template.id });

    try {
      await this.mailer.send({
        kind: 'questionnaire-request',
        to: contactEmail,
        link: issued.url,
        workspaceName: (await this.repository.findById(request.id))?.workspaceName ?? '',
        vendorName: vendor.name,
        questionnaireName: template.name,
        questionCount: template.sections.reduce((total, section) => total + section.questions.length, 0),
        dueAt: request.dueAt,
        message: request.message ?? '',
      });
    } catch (error) {
      this.logger.warn(`Questionnaire email to ${contactEmail} failed: ${(error as Error).message}`);
      await this.links.cancel('questionnaire', request.id);
      await this.repository.delete(request.id);
      throw new DomainError(502, MESSAGES.remediation.sendFailed);
    }
    return { id: request.id, state: request.state, templateId: request.templateId, dueAt: request.dueAt.toISOString() };
  }

  async list(workspaceId: WorkspaceId, query: QuestionnaireListQuery, now = new Date()): Promise<QuestionnaireRequestList> {
    const rows = await this.repository.list(workspaceId, query);
    const answers = await this.repository.answersOfMany(rows.map(({ id }) => id));
    const evidenceOf = new Map<string, Awaited<ReturnType<LatestEvidenceReader['read']>>>();
    const items = [];
    for (const row of rows) {
      // One read of the latest assessment per vendor and template's mapped checks.
      const checks = mappedCheckIds(row.sections);
      const key = `${row.vendorId}:${checks.join(',')}`;
      if (!evidenceOf.has(key)) evidenceOf.set(key, await this.evidence.read(workspaceId, row.vendorId, checks));
      const mine = answers.filter((answer) => answer.requestId === row.id);
      items.push(summaryOf(row, answersOf(row, mine, evidenceOf.get(key)!.results), now));
    }
    return { items };
  }

  async detail(workspaceId: WorkspaceId, id: string, now = new Date()): Promise<QuestionnaireRequestDetail> {
    const request = await this.find(workspaceId, id);
    return this.detailOf(request, now);
  }

  /** The request with its answers, read with the vendor's latest assessment (for the portal too). */
  async detailOf(request: QuestionnaireRequestWithNames, now = new Date()): Promise<QuestionnaireRequestDetail> {
    const latest = await this.evidence.read(request.workspaceId, request.vendorId, mappedCheckIds(request.sections));
    const answers = answersOf(request, await this.repository.answersOf(request.id), latest.results);
    return { ...summaryOf(request, answers, now), message: request.message, assessmentId: latest.assessmentId, answers };
  }

  /**
   * Accept an answer, or ask for a follow-up: the note is shown to the vendor and the request goes back
   * to in_progress. Once every answer is accepted the request is reviewed.
   */
  async review(
    workspace: WorkspaceContext,
    id: string,
    questionId: string,
    input: AnswerReviewInput,
    now = new Date(),
  ): Promise<QuestionnaireRequestDetail> {
    const request = await this.find(workspace.workspaceId, id);
    const rows = await this.repository.answersOf(request.id);
    if (!rows.some((row) => row.questionId === questionId)) throw new NotFoundError(M.questionNotFound);
    if (!REVIEWABLE.includes(request.state)) throw new ConflictError(M.notSubmitted);
    await inAmbientTransaction(this.database.db, async () => {
      await this.repository.review(request.id, questionId, {
        decision: input.decision,
        note: input.note || null,
        at: now,
        by: workspace.userId,
      });
      if (input.decision === 'follow_up') {
        await this.repository.transition(request.id, REVIEWABLE, 'in_progress', { reviewedAt: null });
      } else {
        const after = await this.repository.answersOf(request.id);
        if (after.every((row) => row.reviewDecision === 'accept'))
          await this.repository.transition(request.id, ['submitted'], 'reviewed', { reviewedAt: now });
      }
    });
    noteForAudit({ vendorName: request.vendorName, questionId });
    return this.detail(workspace.workspaceId, id, now);
  }

  async cancel(workspaceId: WorkspaceId, id: string, now = new Date()): Promise<QuestionnaireRequestDetail> {
    const request = await this.find(workspaceId, id);
    const cancelled = await inAmbientTransaction(this.database.db, async () => {
      const row = await this.repository.transition(request.id, CANCELLABLE, 'cancelled', { cancelledAt: now });
      if (row) await this.links.cancel('questionnaire', request.id, now);
      return row;
    });
    if (!cancelled) throw new ConflictError(fill(M.closed, { state: request.state }));
    noteForAudit({ vendorName: request.vendorName });
    return this.detail(workspaceId, id, now);
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<QuestionnaireRequestWithNames> {
    const request = await this.repository.find(workspaceId, id);
    if (!request) throw new NotFoundError(M.requestNotFound);
    return request;
  }
}
