import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, Query } from '@nestjs/common';
import {
  alertChannelInputSchema,
  alertEmailConfirmationSchema,
  alertRuleInputSchema,
  paginationQuerySchema,
  type AlertChannelInput,
  type AlertEmailConfirmation,
  type AlertRuleInput,
} from '@vendorwatch/contracts';
import type { z } from 'zod';
import { Public } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited, NotAudited } from '../audit-log/audited.decorator';
import { AlertChannelsService } from './alert-channels.service';
import { AlertsService } from './alerts.service';

/** A workspace's alert channels and rules: everyone in it reads them, editors change them. */
@Controller('api/alerts')
@Requires('workspace.read')
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly channels: AlertChannelsService,
  ) {}

  @Get('channels')
  listChannels(@Workspace() workspace: WorkspaceContext) {
    return this.channels.list(workspace.workspaceId);
  }

  @Post('channels')
  @Requires('alerts.write')
  // The name and kind only: the target (a webhook URL is a secret) never reaches the log.
  @Audited('alert_channel.create', 'alert_channel', { targetId: 'result', fields: ['name', 'kind'] })
  createChannel(@Workspace() workspace: WorkspaceContext, @Body(validate(alertChannelInputSchema)) body: AlertChannelInput) {
    return this.channels.create(workspace, body);
  }

  @Delete('channels/:id')
  @Requires('alerts.write')
  @Audited('alert_channel.delete', 'alert_channel')
  @HttpCode(204)
  deleteChannel(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.channels.remove(workspace.workspaceId, id);
  }

  @Post('channels/:id/test')
  @Requires('alerts.write')
  @NotAudited('sends a test message through the channel; changes nothing')
  @HttpCode(202)
  sendTest(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.channels.sendTest(workspace, id);
  }

  @Post('channels/:id/confirmation')
  @Requires('alerts.write')
  @NotAudited('sends the confirmation link again; changes nothing but the link')
  @HttpCode(202)
  resendConfirmation(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.channels.resendConfirmation(workspace, id);
  }

  /** Opened from the link in the confirmation email, by whoever reads that address: no sign-in needed. */
  @Public()
  @Post('confirm-email')
  @HttpCode(200)
  confirmEmail(
    @Body(validate(alertEmailConfirmationSchema)) body: AlertEmailConfirmation,
    @Ip() clientAddress: string | undefined,
  ) {
    return this.channels.confirm(body.token, clientAddress ?? null);
  }

  @Get('rules')
  rules(@Workspace() workspace: WorkspaceContext) {
    return this.alerts.rules(workspace.workspaceId);
  }

  @Post('rules')
  @Requires('alerts.write')
  @Audited('alert_rule.create', 'alert_rule', { targetId: 'result', fields: ['kind', 'minSeverity', 'thresholdPercent'] })
  createRule(@Workspace() workspace: WorkspaceContext, @Body(validate(alertRuleInputSchema)) body: AlertRuleInput) {
    return this.alerts.createRule(workspace, body);
  }

  @Delete('rules/:id')
  @Requires('alerts.write')
  @Audited('alert_rule.delete', 'alert_rule')
  @HttpCode(204)
  deleteRule(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.alerts.deleteRule(workspace.workspaceId, id);
  }

  @Get('deliveries')
  deliveries(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.alerts.deliveries(workspace.workspaceId, query.page, query.limit);
  }
}
