import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { invitationInputSchema, invitationTokenSchema, type InvitationInput, type InvitationToken } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Caller, Workspace, type Actor, type WorkspaceContext } from '../access/workspace-context';
import { Audited, NotAudited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { InvitationsService } from './invitations.service';

@Controller('api/workspaces/:workspaceId/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @Requires('invitations.manage')
  // Each sends an email from the operator's server: counted against the sender's expensive allowance.
  @UserRateLimit('expensive')
  @Audited('invitation.create', 'invitation', { targetId: 'result', fields: ['email', 'role'] })
  create(@Workspace() workspace: WorkspaceContext, @Body(validate(invitationInputSchema)) body: InvitationInput) {
    return this.invitations.create(workspace, body);
  }

  @Get()
  @Requires('invitations.manage')
  list(@Workspace() workspace: WorkspaceContext) {
    return this.invitations.listPending(workspace);
  }

  @Delete(':invitationId')
  @HttpCode(204)
  @Requires('invitations.manage')
  @Audited('invitation.revoke', 'invitation')
  revoke(@Workspace() workspace: WorkspaceContext, @Param('invitationId', ParseIdPipe) id: string) {
    return this.invitations.revoke(workspace, id);
  }
}

/** The emailed link's side: whoever it was sent to, signed in, sees where it leads and accepts it. */
@Controller('api/invitations')
export class InvitationAcceptanceController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('preview')
  @HttpCode(200)
  @Requires('account')
  @NotAudited('reads the invitation, changes nothing')
  preview(@Body(validate(invitationTokenSchema)) body: InvitationToken) {
    return this.invitations.preview(body.token);
  }

  @Post('accept')
  @HttpCode(200)
  @Requires('account')
  @Audited('member.join', 'member', { targetId: 'caller', workspaceFrom: 'result' })
  accept(@Caller() caller: Actor, @Body(validate(invitationTokenSchema)) body: InvitationToken) {
    return this.invitations.accept(caller, body.token);
  }
}
