import { Injectable } from '@nestjs/common';
import { SHIPPED_QUESTIONNAIRES, shippedQuestionnaire } from '@vendorwatch/compliance';
import {
  fill,
  LIMITS,
  MESSAGES,
  questionnaireImportNameSchema,
  type ImportedQuestionnaireTemplate,
  type QuestionnaireTemplate,
  type QuestionnaireTemplateList,
} from '@vendorwatch/contracts';
import { QuestionnairesRepository, type QuestionnaireTemplateRow, type WorkspaceId } from '@vendorwatch/db';
import { BadRequestError, ConflictError, NotFoundError } from '../../../common/errors';
import { spreadsheetFormatOf } from '../../../common/spreadsheet-upload/read-table';
import type { SpreadsheetUpload } from '../../../common/spreadsheet-upload/read-upload';
import { noteForAudit } from '../../audit-log/audit-notes';
import { readQuestionnaireFile } from './template-file';

const M = MESSAGES.questionnaires;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMPORTED_SOURCE = 'Imported by this workspace';
const IMPORTED_LICENCE = "The workspace's own: imported from its file, never shipped with Vendorwatch";

const questionCount = (template: Pick<QuestionnaireTemplate, 'sections'>) =>
  template.sections.reduce((total, section) => total + section.questions.length, 0);

/** The questionnaires a workspace can send: the shipped ones, then those it imported. */
@Injectable()
export class QuestionnaireTemplatesService {
  constructor(private readonly repository: QuestionnairesRepository) {}

  async list(workspaceId: WorkspaceId): Promise<QuestionnaireTemplateList> {
    const imported = await this.repository.templates(workspaceId);
    return {
      items: [
        ...SHIPPED_QUESTIONNAIRES.map(({ id, name, source, licence, sections }) => ({
          id,
          name,
          source,
          licence,
          questionCount: questionCount({ sections }),
        })),
        ...imported.map((row) => ({
          id: row.id,
          name: row.name,
          source: IMPORTED_SOURCE,
          licence: IMPORTED_LICENCE,
          questionCount: row.questionCount,
        })),
      ],
    };
  }

  /** The template by id, shipped or the workspace's own; undefined for any other id. */
  async find(workspaceId: WorkspaceId, id: string): Promise<QuestionnaireTemplate | undefined> {
    const shipped = shippedQuestionnaire(id);
    if (shipped) return shipped;
    if (!UUID.test(id)) return undefined;
    const row = await this.repository.template(workspaceId, id.toLowerCase());
    return row ? templateOf(row) : undefined;
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<QuestionnaireTemplate> {
    const template = await this.find(workspaceId, id);
    if (!template) throw new NotFoundError(M.templateNotFound);
    return template;
  }

  async import(
    workspaceId: WorkspaceId,
    userId: string | null,
    upload: SpreadsheetUpload,
  ): Promise<ImportedQuestionnaireTemplate> {
    const format = spreadsheetFormatOf(upload.fileName, upload.mimeType, upload.bytes);
    const named = questionnaireImportNameSchema.safeParse(upload.fields.name ?? fileStem(upload.fileName));
    if (!named.success) throw new BadRequestError(named.error.issues[0]?.message ?? M.nameRequired);
    const sections = await readQuestionnaireFile(format, upload.bytes);
    if ((await this.repository.countTemplates(workspaceId)) >= LIMITS.questionnaires.maxImportedTemplates) {
      throw new ConflictError(fill(M.tooManyTemplates, { max: LIMITS.questionnaires.maxImportedTemplates }));
    }
    const row = await this.repository.createTemplate({
      workspaceId,
      name: named.data,
      sections,
      questionCount: questionCount({ sections }),
      createdBy: userId,
    });
    noteForAudit({ name: row.name, fileName: upload.fileName, questions: row.questionCount });
    return { id: row.id, name: row.name, questionCount: row.questionCount };
  }
}

const fileStem = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'Imported questionnaire';

const templateOf = (row: QuestionnaireTemplateRow): QuestionnaireTemplate => ({
  id: row.id,
  name: row.name,
  source: IMPORTED_SOURCE,
  licence: IMPORTED_LICENCE,
  sections: row.sections,
});
