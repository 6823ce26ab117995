import { Body, Controller, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import {
  checkIdParamSchema,
  vendorReplySchema,
  type PortalRecheck,
  type PortalRequest,
  type UploadedAttachment,
  type VendorReplyInput,
} from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth-user';
import { validate } from '../../common/zod-validation.pipe';
import { NotAudited } from '../audit-log/audited.decorator';
import { QuestionnairePortalService, type QuestionnairePortalView } from '../questionnaires/questionnaire-portal.service';
import { LinkTokenPipe } from '../vendor-links/link-token.pipe';
import { PortalHeadersInterceptor } from '../vendor-links/portal-headers.interceptor';
import { readAttachment } from './read-attachment';
import { VendorPortalService } from './vendor-portal.service';

/**
 * The vendor portal: the only /api routes reachable without a sign-in. The link's token is the
 * credential, for its one request; every answer is `no-store` and `no-referrer`, and a dead or
 * unknown token answers the same 404. Changes are audited by the service, as the link holder.
 */
@Controller('api/portal/:token')
@Public()
@UseInterceptors(PortalHeadersInterceptor)
export class VendorPortalController {
  constructor(
    private readonly portal: VendorPortalService,
    private readonly questionnaires: QuestionnairePortalService,
  ) {}

  /** The request the link opens: a remediation request, or a questionnaire (issue 41) with its questions. */
  @Get()
  async view(
    @Param('token', new LinkTokenPipe()) token: string,
    @Req() request: FastifyRequest,
  ): Promise<PortalRequest | QuestionnairePortalView> {
    if (await this.questionnaires.opens(token)) return this.questionnaires.view(token, request.ip);
    return this.portal.view(token, request.ip);
  }

  @Post('checks/:checkId/replies')
  @NotAudited('audited by the service as the link holder')
  reply(
    @Param('token', new LinkTokenPipe()) token: string,
    @Param('checkId', validate(checkIdParamSchema)) checkId: string,
    @Body(validate(vendorReplySchema)) body: VendorReplyInput,
    @Req() request: FastifyRequest,
  ): Promise<PortalRequest> {
    return this.portal.reply(token, checkId, body, request.ip);
  }

  @Post('attachments')
  @NotAudited('audited by the service as the link holder')
  async attach(@Param('token', new LinkTokenPipe()) token: string, @Req() request: FastifyRequest): Promise<UploadedAttachment> {
    // The link is checked before the body is read: a dead link answers 404 without taking 10 MB.
    await this.portal.ensureLive(token, request.ip);
    return this.portal.attach(token, await readAttachment(request), request.ip);
  }

  @Post('recheck')
  @HttpCode(202)
  @NotAudited('audited by the service as the link holder')
  recheck(@Param('token', new LinkTokenPipe()) token: string, @Req() request: FastifyRequest): Promise<PortalRecheck> {
    return this.portal.recheck(token, request.ip);
  }
}
