import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  answerReviewInputSchema,
  createQuestionnaireRequestSchema,
  questionIdParamSchema,
  questionnaireExportQuerySchema,
  questionnaireListQuerySchema,
  type AnswerReviewInput,
  type CreatedQuestionnaireRequest,
  type CreateQuestionnaireRequest,
  type QuestionnaireExportFormat,
  type QuestionnaireListQuery,
  type QuestionnaireRequestDetail,
  type QuestionnaireRequestList,
} from '@vendorwatch/contracts';
import type { FastifyReply } from 'fastify';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { exportQuestionnaire } from './questionnaire-export';
import { QuestionnairesService } from './questionnaires.service';

/** Sending a questionnaire to a vendor's contact (editors). */
@Controller('api/vendors/:id/questionnaires')
export class VendorQuestionnairesController {
  constructor(private readonly questionnaires: QuestionnairesService) {}

  @Post()
  @Requires('questionnaires.write')
  // Each emails an address the sender picks, from the operator's server.
  @UserRateLimit('expensive')
  @Audited('questionnaire.create', 'questionnaire', {
    targetId: 'result',
    fields: ['templateId', 'contactEmail', 'dueAt'],
    outsideTransaction: 'the email goes out after the request and its link are committed',
  })
  create(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) vendorId: string,
    @Body(validate(createQuestionnaireRequestSchema)) body: CreateQuestionnaireRequest,
  ): Promise<CreatedQuestionnaireRequest> {
    return this.questionnaires.create(workspace, vendorId, body);
  }
}

/** The workspace's questionnaires: every member reads and exports them, editors review and cancel them. */
@Controller('api/questionnaires')
@Requires('workspace.read')
export class QuestionnairesController {
  constructor(private readonly questionnaires: QuestionnairesService) {}

  @Get()
  list(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(questionnaireListQuerySchema)) query: QuestionnaireListQuery,
  ): Promise<QuestionnaireRequestList> {
    return this.questionnaires.list(workspace.workspaceId, query);
  }

  @Get(':id')
  detail(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<QuestionnaireRequestDetail> {
    return this.questionnaires.detail(workspace.workspaceId, id);
  }

  @Get(':id/export')
  @Requires('reports.export')
  async export(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Query(validate(questionnaireExportQuerySchema)) query: { format: QuestionnaireExportFormat },
    @Res() reply: FastifyReply,
  ) {
    const file = await exportQuestionnaire(await this.questionnaires.detail(workspace.workspaceId, id), query.format);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  }

  @Post(':id/answers/:questionId/review')
  @HttpCode(200)
  @Requires('questionnaires.write')
  @Audited('questionnaire.review', 'questionnaire', { targetId: { param: 'id' }, fields: ['decision', 'note'] })
  review(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Param('questionId', validate(questionIdParamSchema)) questionId: string,
    @Body(validate(answerReviewInputSchema)) body: AnswerReviewInput,
  ): Promise<QuestionnaireRequestDetail> {
    return this.questionnaires.review(workspace, id, questionId, body);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Requires('questionnaires.write')
  @Audited('questionnaire.cancel', 'questionnaire', { targetId: { param: 'id' } })
  cancel(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<QuestionnaireRequestDetail> {
    return this.questionnaires.cancel(workspace.workspaceId, id);
  }
}
