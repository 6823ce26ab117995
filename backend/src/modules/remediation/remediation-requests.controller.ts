import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  checkIdParamSchema,
  createRemediationRequestSchema,
  remediationDecisionSchema,
  remediationListQuerySchema,
  type CreateRemediationRequest,
  type RemediationDecisionInput,
  type RemediationListQuery,
  type RemediationRequestDetail,
  type RemediationRequestList,
  type RemediationRequestSummary,
} from '@vendorwatch/contracts';
import type { FastifyReply } from 'fastify';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { sendStoredFile } from '../vendor-links/stored-file-reply';
import { RemediationRequestsService } from './remediation-requests.service';

/** Sending a request from a vendor's latest assessment (editors). */
@Controller('api/vendors/:id/remediation-requests')
export class VendorRemediationRequestsController {
  constructor(private readonly requests: RemediationRequestsService) {}

  @Post()
  @Requires('remediation.write')
  // Each emails an address the sender picks, from the operator's server.
  @UserRateLimit('expensive')
  @Audited('remediation_request.create', 'remediation_request', {
    targetId: 'result',
    fields: ['checkIds', 'contactEmail', 'dueAt'],
    outsideTransaction: 'the email goes out after the request and its link are committed',
  })
  create(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) vendorId: string,
    @Body(validate(createRemediationRequestSchema)) body: CreateRemediationRequest,
  ): Promise<RemediationRequestSummary> {
    return this.requests.create(workspace, vendorId, body);
  }
}

/** The workspace's remediation requests: every member reads them, editors cancel them and decide the vendor's replies. */
@Controller('api/remediation-requests')
@Requires('workspace.read')
export class RemediationRequestsController {
  constructor(private readonly requests: RemediationRequestsService) {}

  @Get()
  list(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(remediationListQuerySchema)) query: RemediationListQuery,
  ): Promise<RemediationRequestList> {
    return this.requests.list(workspace.workspaceId, query);
  }

  @Get(':id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<RemediationRequestDetail> {
    return this.requests.get(workspace.workspaceId, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Requires('remediation.write')
  @Audited('remediation_request.cancel', 'remediation_request', { targetId: { param: 'id' } })
  cancel(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<RemediationRequestDetail> {
    return this.requests.cancel(workspace, id);
  }

  @Post(':id/checks/:checkId/decision')
  @HttpCode(200)
  @Requires('remediation.write')
  @Audited('remediation_request.decide', 'remediation_request', { targetId: { param: 'id' }, fields: ['decision', 'note'] })
  decide(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Param('checkId', validate(checkIdParamSchema)) checkId: string,
    @Body(validate(remediationDecisionSchema)) body: RemediationDecisionInput,
  ): Promise<RemediationRequestDetail> {
    return this.requests.decide(workspace, id, checkId, body);
  }

  /** The file as a download, never rendered by the browser: whatever it holds, it cannot run as this origin's page. */
  @Get(':id/attachments/:attachmentId')
  async attachment(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Param('attachmentId', ParseIdPipe) attachmentId: string,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.requests.attachment(workspace.workspaceId, id, attachmentId);
    return sendStoredFile(reply, file);
  }
}
