import { Body, Controller, HttpCode, Param, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import {
  portalAnswerInputSchema,
  questionIdParamSchema,
  type PortalAnswerInput,
  type UploadedDocument,
} from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth-user';
import { validate } from '../../common/zod-validation.pipe';
import { NotAudited } from '../audit-log/audited.decorator';
import { LinkTokenPipe } from '../vendor-links/link-token.pipe';
import { PortalHeadersInterceptor } from '../vendor-links/portal-headers.interceptor';
import { readDocument } from './documents/read-document';
import { QuestionnairePortalService, type QuestionnairePortalView } from './questionnaire-portal.service';

/**
 * The questionnaire's routes on the vendor portal, without sign-in: the link's token is the
 * credential. `GET /api/portal/:token` is the shared portal route (VendorPortalController), which
 * hands a questionnaire's link to QuestionnairePortalService.view.
 */
@Controller('api/portal/:token')
@Public()
@UseInterceptors(PortalHeadersInterceptor)
export class QuestionnairePortalController {
  constructor(private readonly portal: QuestionnairePortalService) {}

  @Put('answers/:questionId')
  @NotAudited('audited by the service as the link holder')
  answer(
    @Param('token', new LinkTokenPipe()) token: string,
    @Param('questionId', validate(questionIdParamSchema)) questionId: string,
    @Body(validate(portalAnswerInputSchema)) body: PortalAnswerInput,
    @Req() request: FastifyRequest,
  ): Promise<QuestionnairePortalView> {
    return this.portal.answer(token, questionId, body, request.ip);
  }

  @Post('submit')
  @HttpCode(200)
  @NotAudited('audited by the service as the link holder')
  submit(@Param('token', new LinkTokenPipe()) token: string, @Req() request: FastifyRequest): Promise<QuestionnairePortalView> {
    return this.portal.submit(token, request.ip);
  }

  @Post('documents')
  @NotAudited('audited by the service as the link holder')
  async upload(@Param('token', new LinkTokenPipe()) token: string, @Req() request: FastifyRequest): Promise<UploadedDocument> {
    // The link is checked before the body is read: a dead link answers 404 without taking 10 MB.
    await this.portal.ensureLive(token, request.ip);
    return this.portal.upload(token, await readDocument(request), request.ip);
  }
}
