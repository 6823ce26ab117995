/**
 * Questionnaires and documents through the vendor link (issue 41): templates (shipped as data or
 * imported by a workspace), questionnaire requests with their answers, pre-fills from the latest
 * assessment and contradictions, and the documents a vendor uploads with their validity.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { fill, MESSAGES } from './messages';

const M = MESSAGES.questionnaires;
const L = LIMITS.questionnaires;

export const QUESTION_TYPES = ['yes_no', 'text', 'choice'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A question's id: what templates, answers and the import file name it by. */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const questionnaireQuestionSchema = z.object({
  id: z.string().max(L.idMaxLength).regex(QUESTION_ID_PATTERN),
  text: z.string().min(1).max(L.questionMaxLength),
  type: z.enum(QUESTION_TYPES),
  choices: z.array(z.string().min(1).max(L.choiceMaxLength)).min(2).max(L.maxChoices).optional(),
  guidance: z.string().max(L.guidanceMaxLength).optional(),
  /** The checks whose outcome in the latest assessment pre-fills a yes/no answer (empty: none). */
  checkIds: z.array(z.string().max(100)).max(10).default([]),
});
export type QuestionnaireQuestion = z.output<typeof questionnaireQuestionSchema>;

export const questionnaireSectionSchema = z.object({
  title: z.string().min(1).max(L.sectionMaxLength),
  questions: z.array(questionnaireQuestionSchema).min(1).max(L.maxQuestions),
});
export type QuestionnaireSection = z.output<typeof questionnaireSectionSchema>;

/** A template as `GET /api/questionnaires/templates/:id` answers it. */
/** The mapping of a template's question ids to check ids (shipped as data beside the templates). */
export const questionnaireCheckMappingSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.string().max(100)).min(1).max(10)),
);

export const questionnaireTemplateSchema = z.object({
  id: z.string().max(L.idMaxLength),
  name: z.string().min(1).max(L.nameMaxLength),
  source: z.string().max(2048),
  licence: z.string().max(2048),
  sections: z.array(questionnaireSectionSchema).min(1).max(L.maxQuestions),
});
export type QuestionnaireTemplate = z.output<typeof questionnaireTemplateSchema>;

export const questionnaireTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  licence: z.string(),
  questionCount: z.number().int(),
});
export type QuestionnaireTemplateSummary = z.output<typeof questionnaireTemplateSummarySchema>;
export const questionnaireTemplateListSchema = z.object({ items: z.array(questionnaireTemplateSummarySchema) });
export type QuestionnaireTemplateList = z.output<typeof questionnaireTemplateListSchema>;

export const importedQuestionnaireTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  questionCount: z.number().int(),
});
export type ImportedQuestionnaireTemplate = z.output<typeof importedQuestionnaireTemplateSchema>;

/** The columns of an imported questionnaire file, in the order the template file lists them. */
export const QUESTIONNAIRE_IMPORT_COLUMNS = ['id', 'section', 'question', 'type', 'choices', 'guidance'] as const;
export type QuestionnaireImportColumn = (typeof QUESTIONNAIRE_IMPORT_COLUMNS)[number];

export const questionnaireImportRowErrorSchema = z.object({
  path: z.string(),
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type QuestionnaireImportRowError = z.output<typeof questionnaireImportRowErrorSchema>;

/** The optional form field naming the imported questionnaire (else the file's name). */
export const questionnaireImportNameSchema = z
  .string()
  .trim()
  .min(1, { error: M.nameRequired })
  .max(L.nameMaxLength, { error: fill(M.nameTooLong, { max: L.nameMaxLength }) });

// ---- Requests -------------------------------------------------------------------------------

export const QUESTIONNAIRE_STATES = ['sent', 'viewed', 'in_progress', 'submitted', 'reviewed', 'cancelled'] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];
/** States in which the vendor may still answer (and reminders run). */
export const OPEN_QUESTIONNAIRE_STATES: readonly QuestionnaireState[] = ['sent', 'viewed', 'in_progress'];

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isCalendarDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const createQuestionnaireRequestSchema = z.object({
  templateId: z
    .string({ error: M.templateIdRequired })
    .trim()
    .min(1, { error: M.templateIdRequired })
    .max(L.idMaxLength, { error: M.templateNotFound }),
  contactEmail: z
    .string({ error: M.contactEmailInvalid })
    .trim()
    .max(LIMITS.auth.emailMaxLength, { error: M.contactEmailInvalid })
    .regex(EMAIL, { error: M.contactEmailInvalid }),
  /** A calendar date (YYYY-MM-DD) or an ISO timestamp; today or later. */
  dueAt: z
    .string({ error: M.dueAtInvalid })
    .max(40, { error: M.dueAtInvalid })
    .refine((value) => !Number.isNaN(new Date(value).getTime()), { error: M.dueAtInvalid })
    .refine((value) => new Date(value).getTime() >= startOfTodayUtc(), { error: M.dueAtInvalid }),
  message: z
    .string()
    .max(L.messageMaxLength, { error: fill(M.messageTooLong, { max: L.messageMaxLength }) })
    .optional(),
});
export type CreateQuestionnaireRequest = z.output<typeof createQuestionnaireRequestSchema>;

const startOfTodayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

export const questionnaireListQuerySchema = z.object({
  vendorId: z.uuid({ error: MESSAGES.generic.notFound }).optional(),
  state: z.enum(QUESTIONNAIRE_STATES, { error: fill(M.stateInvalid, { values: QUESTIONNAIRE_STATES.join(', ') }) }).optional(),
});
export type QuestionnaireListQuery = z.output<typeof questionnaireListQuerySchema>;

export const questionnaireRequestSummarySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  contactEmail: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  score: z.number().nullable(),
  contradictions: z.number().int(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type QuestionnaireRequestSummary = z.output<typeof questionnaireRequestSummarySchema>;
export const questionnaireRequestListSchema = z.object({ items: z.array(questionnaireRequestSummarySchema) });
export type QuestionnaireRequestList = z.output<typeof questionnaireRequestListSchema>;

export const createdQuestionnaireRequestSchema = z.object({
  id: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  templateId: z.string(),
  dueAt: z.string(),
});
export type CreatedQuestionnaireRequest = z.output<typeof createdQuestionnaireRequestSchema>;

export const questionEvidenceSchema = z.object({
  checkId: z.string(),
  outcome: z.string(),
  /** What the assessment saw: the page, header or library (one line each). */
  evidence: z.array(z.string()),
});
export type QuestionEvidence = z.output<typeof questionEvidenceSchema>;

export const prefillSchema = z.object({
  answer: z.enum(['yes', 'no']),
  evidence: z.array(questionEvidenceSchema),
});
export type Prefill = z.output<typeof prefillSchema>;

export const contradictionSchema = z.object({ checkId: z.string(), evidence: z.array(z.string()) });
export type Contradiction = z.output<typeof contradictionSchema>;

export const ANSWER_REVIEW_DECISIONS = ['accept', 'follow_up'] as const;
export type AnswerReviewDecision = (typeof ANSWER_REVIEW_DECISIONS)[number];

export const answerReviewSchema = z.object({
  decision: z.enum(ANSWER_REVIEW_DECISIONS),
  note: z.string().nullable(),
  reviewedAt: z.string(),
});
export type AnswerReview = z.output<typeof answerReviewSchema>;

export const questionnaireAnswerSchema = z.object({
  questionId: z.string(),
  section: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  answer: z.string().nullable(),
  comment: z.string().nullable(),
  prefill: prefillSchema.nullable(),
  contradiction: contradictionSchema.nullable(),
  review: answerReviewSchema.nullable(),
});
export type QuestionnaireAnswer = z.output<typeof questionnaireAnswerSchema>;

export const questionnaireRequestDetailSchema = questionnaireRequestSummarySchema.extend({
  message: z.string().nullable(),
  assessmentId: z.string().nullable(),
  answers: z.array(questionnaireAnswerSchema),
});
export type QuestionnaireRequestDetail = z.output<typeof questionnaireRequestDetailSchema>;

export const answerReviewInputSchema = z
  .object({
    decision: z.enum(ANSWER_REVIEW_DECISIONS, { error: M.decisionInvalid }),
    note: z
      .string()
      .trim()
      .max(L.noteMaxLength, { error: fill(M.noteTooLong, { max: L.noteMaxLength }) })
      .optional(),
  })
  .refine((value) => value.decision !== 'follow_up' || (value.note ?? '') !== '', { path: ['note'], error: M.noteRequired });
export type AnswerReviewInput = z.output<typeof answerReviewInputSchema>;

export const QUESTIONNAIRE_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type QuestionnaireExportFormat = (typeof QUESTIONNAIRE_EXPORT_FORMATS)[number];
export const questionnaireExportQuerySchema = z.object({
  format: z.enum(QUESTIONNAIRE_EXPORT_FORMATS, { error: M.formatInvalid }).default('xlsx'),
});

/** What the vendor sends for one question on the portal; checked against the question's type by the service. */
export const portalAnswerInputSchema = z.object({
  answer: z
    .string({ error: M.answerRequired })
    .trim()
    .min(1, { error: M.answerRequired })
    .max(L.answerMaxLength, { error: fill(M.answerTooLong, { max: L.answerMaxLength }) }),
  comment: z
    .string()
    .max(L.commentMaxLength, { error: fill(M.commentTooLong, { max: L.commentMaxLength }) })
    .optional(),
});
export type PortalAnswerInput = z.output<typeof portalAnswerInputSchema>;

/** The questionnaire part of `GET /api/portal/:token`. */
export const portalQuestionnaireSchema = z.object({
  name: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  sections: z.array(
    z.object({
      title: z.string(),
      questions: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          type: z.enum(QUESTION_TYPES),
          choices: z.array(z.string()).optional(),
          guidance: z.string().optional(),
          answer: z.string().nullable(),
          comment: z.string().nullable(),
          prefill: prefillSchema.nullable(),
          contradiction: contradictionSchema.nullable(),
          followUp: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type PortalQuestionnaire = z.output<typeof portalQuestionnaireSchema>;

// ---- Documents ------------------------------------------------------------------------------

export const DOCUMENT_TYPES = [
  'soc2_report',
  'iso27001_certificate',
  'pentest_summary',
  'insurance_certificate',
  'policy',
  'other',
] as const;
export type VendorDocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<VendorDocumentType, string> = {
  soc2_report: 'SOC 2 report',
  iso27001_certificate: 'ISO 27001 certificate',
  pentest_summary: 'Penetration-test summary',
  insurance_certificate: 'Insurance certificate',
  policy: 'Policy',
  other: 'Other',
};

export const DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type VendorDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The text fields of a document upload (multipart), beside its `file`. */
export const documentUploadFieldsSchema = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: fill(M.documentTypeInvalid, { values: DOCUMENT_TYPES.join(', ') }) }),
  validUntil: z.string({ error: M.validUntilInvalid }).max(10, { error: M.validUntilInvalid }).refine(isCalendarDate, {
    error: M.validUntilInvalid,
  }),
});
export type DocumentUploadFields = z.output<typeof documentUploadFieldsSchema>;

export const uploadedDocumentSchema = z.object({
  id: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  sha256: z.string(),
  validUntil: z.string(),
});
export type UploadedDocument = z.output<typeof uploadedDocumentSchema>;

export const vendorDocumentSchema = uploadedDocumentSchema.extend({
  name: z.string(),
  size: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  uploadedAt: z.string(),
});
export type VendorDocument = z.output<typeof vendorDocumentSchema>;
export const vendorDocumentListSchema = z.object({ items: z.array(vendorDocumentSchema) });
export type VendorDocumentList = z.output<typeof vendorDocumentListSchema>;

/**
 * A document's status on a day: expired once its valid-until date has passed, expiring when it
 * ends within LIMITS.questionnaires.documentExpiringDays, else valid. Computed when read.
 */
export function documentStatus(validUntil: string, today: Date = new Date()): VendorDocumentStatus {
  const end = Date.parse(`${validUntil}T00:00:00Z`);
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (end < day) return 'expired';
  return end - day <= L.documentExpiringDays * 86_400_000 ? 'expiring' : 'valid';
}

/**
 * The published score: the share (0–100, rounded) of applicable yes/no questions answered yes, a
 * contradicted yes counted as no. "Applicable" leaves out yes/no questions answered "n/a" or not
 * answered; null when none applies. Shown beside the grade, never mixed into it.
 */
export function questionnaireScore(
  answers: readonly { type: QuestionType; answer: string | null; contradicted: boolean }[],
): number | null {
  const applicable = answers.filter((each) => each.type === 'yes_no' && (each.answer === 'yes' || each.answer === 'no'));
  if (applicable.length === 0) return null;
  const yes = applicable.filter((each) => each.answer === 'yes' && !each.contradicted).length;
  return Math.round((yes / applicable.length) * 100);
}

/** A question's id in a route (`…/answers/:questionId`). */
/** A template's `:id`: shipped ids and imported ones (uuids) are short; a longer one names none. */
export const templateIdParamSchema = z.string().max(L.idMaxLength, { error: M.templateNotFound });

export const questionIdParamSchema = z
  .string()
  .max(L.idMaxLength, { error: M.questionNotFound })
  .regex(QUESTION_ID_PATTERN, { error: M.questionNotFound });

/** `GET /api/portal/:token` (and the portal's questionnaire routes) for a questionnaire's link. */
export const portalQuestionnairePageSchema = z.object({
  kind: z.literal('questionnaire'),
  workspaceName: z.string(),
  vendorName: z.string(),
  dueAt: z.string(),
  message: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  checks: z.array(z.never()),
  questionnaire: portalQuestionnaireSchema,
  documents: z.array(vendorDocumentSchema.omit({ sha256: true })),
});
export type PortalQuestionnairePage = z.output<typeof portalQuestionnairePageSchema>;
