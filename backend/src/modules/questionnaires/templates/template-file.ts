import { BadRequestException } from '@nestjs/common';
import {
  fill,
  LIMITS,
  MESSAGES,
  QUESTION_ID_PATTERN,
  QUESTIONNAIRE_IMPORT_COLUMNS,
  type QuestionnaireImportColumn,
  type QuestionnaireImportRowError,
  type QuestionnaireQuestion,
  type QuestionnaireSection,
  type QuestionType,
} from '@vendorwatch/contracts';
import { BadRequestError } from '../../../common/errors';
import { readTable, rowsByColumn, type SheetRow, type SpreadsheetFormat } from '../../../common/spreadsheet-upload/read-table';

const M = MESSAGES.questionnaires;
const L = LIMITS.questionnaires;

/** Header spellings people use for each column (compared lower-cased, without spaces, `_` or `-`). */
const COLUMN_ALIASES: Record<QuestionnaireImportColumn, readonly string[]> = {
  id: ['id', 'questionid', 'ref', 'reference', 'number'],
  section: ['section', 'group', 'category', 'domain'],
  question: ['question', 'questiontext', 'text'],
  type: ['type', 'answertype'],
  choices: ['choices', 'options', 'answers'],
  guidance: ['guidance', 'help', 'notes', 'description'],
};
const REQUIRED: readonly QuestionnaireImportColumn[] = ['id', 'question', 'type'];

const SHEET_LIMITS = {
  maxRows: L.maxQuestions,
  maxUnpackedBytes: LIMITS.vendorList.importMaxUnpackedBytes,
  tooManyRows: fill(M.importTooManyRows, { max: L.maxQuestions }),
  unpacksTooLarge: fill(MESSAGES.vendorList.importUnpacksTooLarge, {
    max: LIMITS.vendorList.importMaxUnpackedBytes / 1024 / 1024,
  }),
};

/** Type cells as people write them. */
const TYPE_SPELLINGS: Record<string, QuestionType> = {
  yes_no: 'yes_no',
  yesno: 'yes_no',
  'yes/no': 'yes_no',
  boolean: 'yes_no',
  text: 'text',
  choice: 'choice',
  select: 'choice',
};

/** The answer of a refused import: 400 naming the first fault's row and column, with every fault listed. */
export class QuestionnaireImportRejected extends BadRequestException {
  constructor(errors: QuestionnaireImportRowError[]) {
    const first = errors[0]!;
    super({
      message: `${fill(M.importCell, { row: first.row, column: first.column, problem: first.message })}. ${fill(M.importInvalid, {
        rows: `${new Set(errors.map(({ row }) => row)).size} ${new Set(errors.map(({ row }) => row)).size === 1 ? 'row' : 'rows'}`,
      })}`,
      errors,
    });
  }
}

/**
 * A questionnaire file (CSV or the first sheet of an .xlsx) read into sections of questions: one
 * question per row with columns id, section, question, type (`yes_no`, `text`, `choice`), choices
 * (separated by `|` or new lines) and guidance. A row with no section continues the one above.
 * Every fault is named by its row and column; nothing is imported unless every row is right.
 */
export async function readQuestionnaireFile(format: SpreadsheetFormat, bytes: Buffer): Promise<QuestionnaireSection[]> {
  const table = await readTable(format, bytes, SHEET_LIMITS);
  const { header, found, rows } = rowsByColumn(table, COLUMN_ALIASES, SHEET_LIMITS.maxRows, SHEET_LIMITS.tooManyRows);
  const missing = REQUIRED.filter((column) => !found.has(column));
  if (header.length === 0 || rows.length === 0) throw new BadRequestError(M.importEmpty);
  if (missing.length)
    throw new BadRequestError(fill(M.importColumnMissing, { columns: QUESTIONNAIRE_IMPORT_COLUMNS.join(', ') }));

  const errors: QuestionnaireImportRowError[] = [];
  const rowOfId = new Map<string, number>();
  const sections: QuestionnaireSection[] = [];
  let section: QuestionnaireSection | undefined;
  for (const row of rows) {
    const fault = (column: QuestionnaireImportColumn, message: string) =>
      errors.push({ path: `row ${row.row}, ${column}`, row: row.row, column, message });
    const question = questionOf(row, fault);
    const earlier = rowOfId.get(row.cells.id);
    if (earlier !== undefined) fault('id', fill(M.idRepeated, { id: row.cells.id, other: earlier }));
    else if (row.cells.id) rowOfId.set(row.cells.id, row.row);
    const title = row.cells.section || section?.title || 'Questions';
    if (title.length > L.sectionMaxLength) fault('section', fill(M.sectionTooLong, { max: L.sectionMaxLength }));
    if (!question) continue;
    if (!section || section.title !== title) {
      section = sections.find((each) => each.title === title) ?? { title, questions: [] };
      if (!sections.includes(section)) sections.push(section);
    }
    section.questions.push(question);
  }
  if (errors.length) throw new QuestionnaireImportRejected(errors);
  return sections;
}

function questionOf(
  { cells }: SheetRow<QuestionnaireImportColumn>,
  fault: (column: QuestionnaireImportColumn, message: string) => void,
): QuestionnaireQuestion | null {
  const before = { faults: 0 };
  const note = (column: QuestionnaireImportColumn, message: string) => {
    before.faults++;
    fault(column, message);
  };
  if (!cells.id) note('id', M.idRequired);
  else if (cells.id.length > L.idMaxLength || !QUESTION_ID_PATTERN.test(cells.id))
    note('id', fill(M.idInvalid, { max: L.idMaxLength }));
  if (!cells.question) note('question', M.questionRequired);
  else if (cells.question.length > L.questionMaxLength) note('question', fill(M.questionTooLong, { max: L.questionMaxLength }));
  const type = TYPE_SPELLINGS[cells.type.toLowerCase().replace(/[\s-]+/g, '_')];
  if (!type) note('type', M.typeInvalid);
  const choices = cells.choices
    .split(/\s*(?:\||\r?\n)\s*/)
    .map((choice) => choice.trim())
    .filter(Boolean);
  if (type === 'choice') {
    if (choices.length < 2) note('choices', M.choicesRequired);
    else if (choices.length > L.maxChoices || choices.some((choice) => choice.length > L.choiceMaxLength))
      note('choices', fill(M.choicesTooMany, { max: L.maxChoices, length: L.choiceMaxLength }));
  }
  if (cells.guidance.length > L.guidanceMaxLength) note('guidance', fill(M.guidanceTooLong, { max: L.guidanceMaxLength }));
  if (before.faults > 0 || !type) return null;
  return {
    id: cells.id,
    text: cells.question,
    type,
    ...(type === 'choice' ? { choices } : {}),
    ...(cells.guidance ? { guidance: cells.guidance } : {}),
    checkIds: [],
  };
}
