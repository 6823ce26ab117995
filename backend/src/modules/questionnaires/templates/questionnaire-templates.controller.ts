import { Controller, Get, Param, Post, Req } from '@nestjs/common';
import {
  LIMITS,
  type ImportedQuestionnaireTemplate,
  type QuestionnaireTemplate,
  type QuestionnaireTemplateList,
  templateIdParamSchema,
} from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { readSpreadsheetUpload } from '../../../common/spreadsheet-upload/read-upload';
import { validate } from '../../../common/zod-validation.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { Audited } from '../../audit-log/audited.decorator';
import { QuestionnaireTemplatesService } from './questionnaire-templates.service';

/** The questionnaires the workspace can send: every member reads them, admins import their own. */
@Controller('api/questionnaires/templates')
@Requires('workspace.read')
export class QuestionnaireTemplatesController {
  constructor(private readonly templates: QuestionnaireTemplatesService) {}

  @Get()
  list(@Workspace() workspace: WorkspaceContext): Promise<QuestionnaireTemplateList> {
    return this.templates.list(workspace.workspaceId);
  }

  @Post('import')
  @Requires('questionnaireTemplates.import')
  @Audited('questionnaire_template.import', 'questionnaire_template', { targetId: 'result' })
  async import(@Workspace() workspace: WorkspaceContext, @Req() request: FastifyRequest): Promise<ImportedQuestionnaireTemplate> {
    const upload = await readSpreadsheetUpload(request, LIMITS.vendorList.importMaxBytes);
    return this.templates.import(workspace.workspaceId, workspace.userId, upload);
  }

  @Get(':id')
  get(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', validate(templateIdParamSchema)) id: string,
  ): Promise<QuestionnaireTemplate> {
    return this.templates.get(workspace.workspaceId, id);
  }
}
