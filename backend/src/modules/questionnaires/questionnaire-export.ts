import type { QuestionnaireExportFormat, QuestionnaireRequestDetail } from '@vendorwatch/contracts';
import { stringify } from 'csv-stringify/sync';
import { loadExcelJs } from '../../common/document-libraries';
import { safeCsvOptions } from '../../common/safe-csv';
import { neutralizeFormulas } from '../../common/spreadsheet-text';

const COLUMNS = [
  { key: 'section', header: 'Section', width: 30 },
  { key: 'questionId', header: 'Question id', width: 14 },
  { key: 'question', header: 'Question', width: 60 },
  { key: 'type', header: 'Type', width: 10 },
  { key: 'answer', header: 'Answer', width: 24 },
  { key: 'comment', header: 'Comment', width: 40 },
  { key: 'prefill', header: 'Pre-filled from the assessment', width: 14 },
  { key: 'contradiction', header: 'Contradiction (check)', width: 24 },
  { key: 'evidence', header: 'Evidence', width: 60 },
  { key: 'review', header: 'Review', width: 12 },
  { key: 'reviewNote', header: 'Review note', width: 40 },
] as const;
type Column = (typeof COLUMNS)[number]['key'];

/** One row per question: the answer, what the assessment pre-filled, a contradiction with its evidence, the review. */
function rowsOf(detail: QuestionnaireRequestDetail): Record<Column, string>[] {
  return detail.answers.map((answer) => ({
    section: answer.section,
    questionId: answer.questionId,
    question: answer.text,
    type: answer.type,
    answer: answer.answer ?? '',
    comment: answer.comment ?? '',
    prefill: answer.prefill?.answer ?? '',
    contradiction: answer.contradiction?.checkId ?? '',
    evidence: (answer.contradiction?.evidence ?? answer.prefill?.evidence.flatMap((each) => each.evidence) ?? []).join('\n'),
    review: answer.review?.decision ?? '',
    reviewNote: answer.review?.note ?? '',
  }));
}

export interface QuestionnaireExport {
  body: Buffer;
  type: string;
  fileName: string;
}

/** The answers as an Excel workbook or a CSV file (RFC 4180, formulas neutralised as the report exports do). */
export async function exportQuestionnaire(
  detail: QuestionnaireRequestDetail,
  format: QuestionnaireExportFormat,
): Promise<QuestionnaireExport> {
  const stem = `questionnaire-${
    detail.vendorName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'vendor'
  }-${detail.id.slice(0, 8)}`;
  const rows = rowsOf(detail);
  if (format === 'csv') {
    const options = safeCsvOptions(COLUMNS.map(({ key }) => key));
    const body = stringify(rows, { ...options, columns: COLUMNS.map(({ key, header }) => ({ key, header })) });
    return { body: Buffer.from(body, 'utf8'), type: 'text/csv; charset=utf-8', fileName: `${stem}.csv` };
  }
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet('Answers');
  sheet.columns = COLUMNS.map(({ key, header, width }) => ({ key, header, width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutralizeFormulas(value)])));
  }
  const about = workbook.addWorksheet('Questionnaire');
  about.addRows([
    ['Vendor', neutralizeFormulas(detail.vendorName)],
    ['Questionnaire', neutralizeFormulas(detail.templateName)],
    ['State', detail.state],
    ['Score (share of applicable yes/no answered yes; contradictions count as no)', detail.score ?? 'n/a'],
    ['Contradictions', detail.contradictions],
    ['Due', detail.dueAt.slice(0, 10)],
  ]);
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${stem}.xlsx`,
  };
}
