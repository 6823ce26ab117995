import { BadRequestException, Injectable } from '@nestjs/common';
import {
  documentStatus,
  fill,
  LIMITS,
  MESSAGES,
  OPEN_QUESTIONNAIRE_STATES,
  type AuditAction,
  type PortalAnswerInput,
  type PortalQuestionnaire,
  type PortalQuestionnairePage,
  type QuestionnaireQuestion,
  type QuestionnaireRequestDetail,
  type UploadedDocument,
} from '@vendorwatch/contracts';
import { QuestionnairesRepository, type QuestionnaireRequestWithNames } from '@vendorwatch/db';
import { createHash } from 'node:crypto';
import { BadRequestError, ConflictError, NotFoundError } from '../../common/errors';
import { AuditTrail, type LinkHolder } from '../audit-log/audit-trail';
import { attachmentTypeOf, claimedTypeOf, TYPE_NAMES } from '../vendor-links/attachment-type';
import { VendorLinksService } from '../vendor-links/vendor-links.service';
import type { DocumentUpload } from './documents/read-document';
import { QuestionnairesService } from './questionnaires.service';

const M = MESSAGES.questionnaires;
const YES_NO_ANSWERS = ['yes', 'no', 'n/a'];

/** What `GET /api/portal/:token` answers for a questionnaire's link. */
export type QuestionnairePortalView = PortalQuestionnairePage;

/**
 * The vendor's side of a questionnaire, through its link alone (no account): the questions with the
 * answers saved so far, the pre-fills with their evidence and the contradictions; an answer saved as
 * it is given; a submit that names any gaps; documents typed by their content. Each change is in the
 * workspace's audit log, by the link holder.
 */
@Injectable()
export class QuestionnairePortalService {
  constructor(
    private readonly links: VendorLinksService,
    private readonly repository: QuestionnairesRepository,
    private readonly questionnaires: QuestionnairesService,
    private readonly trail: AuditTrail,
  ) {}

  /** Whether the token opens a live questionnaire link (the shared portal route asks before answering). */
  async opens(token: string): Promise<boolean> {
    return (await this.links.kindOf(token)) === 'questionnaire';
  }

  /** The questionnaire the link opens; the first open moves it from sent to viewed. */
  async view(token: string, clientAddress: string | undefined, now = new Date()): Promise<QuestionnairePortalView> {
    const { request, link } = await this.open(token, clientAddress);
    await this.links.markViewed(link, now);
    if (request.state === 'sent') {
      await this.trail.recordWith(
        () => this.repository.transition(request.id, ['sent'], 'viewed', { viewedAt: now }),
        (moved) => (moved ? this.auditRecord(request, 'questionnaire.view', {}, clientAddress) : null),
      );
      request.state = 'viewed';
    }
    return this.page(request, now);
  }

  /** 404 (and a counted failure) unless the token opens a live questionnaire: checked before an upload is read. */
  async ensureLive(token: string, clientAddress: string | undefined): Promise<void> {
    await this.open(token, clientAddress);
  }

  /** Saves one answer (a closed tab loses nothing); the first moves the request to in_progress. */
  async answer(
    token: string,
    questionId: string,
    input: PortalAnswerInput,
    clientAddress: string | undefined,
    now = new Date(),
  ): Promise<QuestionnairePortalView> {
    const { request } = await this.open(token, clientAddress);
    const question = request.sections.flatMap((section) => section.questions).find(({ id }) => id === questionId);
    if (!question) throw new NotFoundError(M.questionNotFound);
    if (!OPEN_QUESTIONNAIRE_STATES.includes(request.state)) throw new ConflictError(fill(M.closed, { state: request.state }));
    const answer = answerFor(question, input.answer);
    await this.trail.recordWith(
      async () => {
        await this.repository.saveAnswer(request.id, questionId, answer, input.comment?.trim() || null, now);
        await this.repository.transition(request.id, ['sent', 'viewed'], 'in_progress');
      },
      () => this.auditRecord(request, 'questionnaire.answer', { questionId }, clientAddress),
    );
    return this.page((await this.repository.findById(request.id))!, now);
  }

  /** Submits when every question is answered; otherwise 400 naming the unanswered ones. */
  async submit(token: string, clientAddress: string | undefined, now = new Date()): Promise<QuestionnairePortalView> {
    const { request } = await this.open(token, clientAddress);
    if (!OPEN_QUESTIONNAIRE_STATES.includes(request.state)) throw new ConflictError(fill(M.closed, { state: request.state }));
    const answered = new Set(
      (await this.repository.answersOf(request.id)).filter((row) => row.answer).map((row) => row.questionId),
    );
    const unanswered = request.sections
      .flatMap((section) => section.questions.map(({ id }) => id))
      .filter((id) => !answered.has(id));
    if (unanswered.length) throw new UnansweredQuestions(unanswered);
    const submitted = await this.trail.recordWith(
      () => this.repository.transition(request.id, OPEN_QUESTIONNAIRE_STATES, 'submitted', { submittedAt: now }),
      (moved) => (moved ? this.auditRecord(request, 'questionnaire.submit', {}, clientAddress) : null),
    );
    if (!submitted) throw new ConflictError(fill(M.closed, { state: request.state }));
    return this.page((await this.repository.findById(request.id))!, now);
  }

  /** A document typed by its content (PDF, PNG or JPEG, as remediation attachments), stored with its SHA-256. */
  async upload(token: string, upload: DocumentUpload, clientAddress: string | undefined): Promise<UploadedDocument> {
    const { request } = await this.open(token, clientAddress);
    const type = attachmentTypeOf(upload.content);
    if (!type) throw new BadRequestError(MESSAGES.remediation.fileType);
    const claimed = claimedTypeOf(upload.fileName, upload.mimeType);
    if (claimed && claimed !== type)
      throw new BadRequestError(
        fill(MESSAGES.remediation.fileNameMismatch, { claimed: TYPE_NAMES[claimed], actual: TYPE_NAMES[type] }),
      );
    const sha256 = createHash('sha256').update(upload.content).digest('hex');
    const name = storedName(upload.fileName, type);
    const stored = await this.trail.recordWith(
      () =>
        this.repository.addDocument({
          workspaceId: request.workspaceId,
          vendorId: request.vendorId,
          requestId: request.id,
          type: upload.type,
          name,
          contentType: type,
          size: upload.content.length,
          sha256,
          content: upload.content,
          validUntil: upload.validUntil,
        }),
      (row) =>
        this.auditRecord(
          request,
          'vendor_document.upload',
          { type: upload.type, name, size: row.size, sha256, validUntil: row.validUntil },
          clientAddress,
        ),
    );
    return { id: stored.id, type: stored.type, sha256: stored.sha256, validUntil: stored.validUntil };
  }

  private async open(token: string, clientAddress: string | undefined) {
    const link = await this.links.resolve(token, 'questionnaire', clientAddress);
    const request = await this.repository.findById(link.subjectId);
    if (!request || request.state === 'cancelled') throw new NotFoundError(MESSAGES.remediation.linkInvalid);
    return { request, link };
  }

  private async page(request: QuestionnaireRequestWithNames, now: Date): Promise<QuestionnairePortalView> {
    const detail = await this.questionnaires.detailOf(request, now);
    const documents = await this.repository.documents(request.workspaceId, request.vendorId);
    return {
      kind: 'questionnaire',
      workspaceName: request.workspaceName,
      vendorName: request.vendorName,
      dueAt: request.dueAt.toISOString(),
      message: request.message ?? '',
      state: request.state,
      checks: [],
      questionnaire: portalQuestionnaireOf(request, detail),
      documents: documents
        .filter((document) => document.requestId === request.id)
        .map((document) => ({
          id: document.id,
          type: document.type,
          name: document.name,
          size: document.size,
          validUntil: document.validUntil,
          status: documentStatus(document.validUntil, now),
          uploadedAt: document.uploadedAt.toISOString(),
        })),
    };
  }

  private auditRecord(
    request: QuestionnaireRequestWithNames,
    action: AuditAction,
    summary: Record<string, unknown>,
    clientAddress: string | undefined,
  ) {
    const actor: LinkHolder = { type: 'user', id: null, label: `vendor link (${request.contactEmail})` };
    return {
      workspaceId: request.workspaceId,
      actor,
      action,
      targetType: 'questionnaire',
      targetId: request.id,
      summary: { vendorName: request.vendorName, ...summary },
      clientAddress: clientAddress ?? null,
    };
  }
}

/** The submit refused: 400 with the ids of the questions still unanswered. */
export class UnansweredQuestions extends BadRequestException {
  constructor(unanswered: string[]) {
    super({
      message: `${fill(M.unanswered, { count: unanswered.length })}: ${unanswered.join(', ')}`,
      errors: unanswered.map((id) => ({ path: id, message: M.notAnswered })),
    });
  }
}

/** The answer as stored: yes/no questions take yes, no or n/a (any case); a choice one of its choices. */
function answerFor(question: QuestionnaireQuestion, given: string): string {
  if (question.type === 'yes_no') {
    const answer = given.toLowerCase();
    if (!YES_NO_ANSWERS.includes(answer)) throw new BadRequestError(M.answerYesNo);
    return answer;
  }
  if (question.type === 'choice' && !question.choices?.includes(given)) throw new BadRequestError(M.answerChoice);
  return given;
}

function portalQuestionnaireOf(request: QuestionnaireRequestWithNames, detail: QuestionnaireRequestDetail): PortalQuestionnaire {
  const byQuestion = new Map(detail.answers.map((answer) => [answer.questionId, answer]));
  return {
    name: request.templateName,
    state: request.state,
    sections: request.sections.map((section) => ({
      title: section.title,
      questions: section.questions.map((question) => {
        const answer = byQuestion.get(question.id);
        return {
          id: question.id,
          text: question.text,
          type: question.type,
          ...(question.choices ? { choices: question.choices } : {}),
          ...(question.guidance ? { guidance: question.guidance } : {}),
          answer: answer?.answer ?? null,
          comment: answer?.comment ?? null,
          prefill: answer?.prefill ?? null,
          contradiction: answer?.contradiction ?? null,
          followUp: answer?.review?.decision === 'follow_up' ? answer.review.note : null,
        };
      }),
    })),
  };
}

/** The name kept for a file: its own without any path, bounded, with an extension that says what it is. */
function storedName(fileName: string, type: keyof typeof TYPE_NAMES): string {
  const printable = [...(fileName.split(/[\\/]/).pop() ?? '')].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const base = printable.trim().slice(-LIMITS.questionnaires.documentNameMaxLength + 5) || 'document';
  const extension = type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}
