import {
  OPEN_QUESTIONNAIRE_STATES,
  questionnaireScore,
  type QuestionnaireAnswer,
  type QuestionnaireRequestSummary,
  type QuestionnaireSection,
} from '@vendorwatch/contracts';
import type { QuestionnaireAnswerRow, QuestionnaireRequestRow } from '@vendorwatch/db';
import { contradictionOf, type MappedCheckResult } from './prefill';

/** Every check id a request's questions map to. */
export const mappedCheckIds = (sections: readonly QuestionnaireSection[]) => [
  ...new Set(sections.flatMap((section) => section.questions.flatMap((question) => question.checkIds))),
];

export const isOverdue = (request: Pick<QuestionnaireRequestRow, 'state' | 'dueAt'>, now: Date) =>
  OPEN_QUESTIONNAIRE_STATES.includes(request.state) && request.dueAt.getTime() < now.getTime();

/**
 * The request's answers in the questionnaire's order, each with its pre-fill, the contradiction the
 * vendor's latest assessment shows (`results`) and the analyst's review.
 */
export function answersOf(
  request: Pick<QuestionnaireRequestRow, 'sections'>,
  rows: readonly QuestionnaireAnswerRow[],
  results: ReadonlyMap<string, MappedCheckResult>,
): QuestionnaireAnswer[] {
  const byQuestion = new Map(rows.map((row) => [row.questionId, row]));
  return request.sections.flatMap((section) =>
    section.questions.map((question) => {
      const row = byQuestion.get(question.id);
      const answer = row?.answer ?? null;
      return {
        questionId: question.id,
        section: section.title,
        text: question.text,
        type: question.type,
        answer,
        comment: row?.comment ?? null,
        prefill: row?.prefill ?? null,
        contradiction: question.type === 'yes_no' ? contradictionOf(answer, question.checkIds, results) : null,
        review:
          row?.reviewDecision && row.reviewedAt
            ? { decision: row.reviewDecision, note: row.reviewNote, reviewedAt: row.reviewedAt.toISOString() }
            : null,
      };
    }),
  );
}

export const scoreOf = (answers: readonly QuestionnaireAnswer[]) =>
  questionnaireScore(answers.map(({ type, answer, contradiction }) => ({ type, answer, contradicted: contradiction !== null })));

export function summaryOf(
  request: QuestionnaireRequestRow & { vendorName: string },
  answers: readonly QuestionnaireAnswer[],
  now: Date,
): QuestionnaireRequestSummary {
  return {
    id: request.id,
    vendorId: request.vendorId,
    vendorName: request.vendorName,
    templateId: request.templateId,
    templateName: request.templateName,
    state: request.state,
    contactEmail: request.contactEmail,
    dueAt: request.dueAt.toISOString(),
    overdue: isOverdue(request, now),
    score: scoreOf(answers),
    contradictions: answers.filter(({ contradiction }) => contradiction !== null).length,
    createdAt: request.createdAt.toISOString(),
    submittedAt: request.submittedAt?.toISOString() ?? null,
  };
}
