import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { memberRoleInputSchema, type MemberRoleInput } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { MembersService } from './members.service';

@Controller('api/workspaces/:workspaceId/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @Requires('workspace.read')
  list(@Workspace() workspace: WorkspaceContext) {
    return this.members.list(workspace);
  }

  @Patch(':userId')
  @Requires('members.manage')
  @Audited('member.role_change', 'member', { fields: ['role'] })
  changeRole(
    @Workspace() workspace: WorkspaceContext,
    @Param('userId', ParseIdPipe) userId: string,
    @Body(validate(memberRoleInputSchema)) body: MemberRoleInput,
  ) {
    return this.members.changeRole(workspace, userId, body);
  }

  @Delete(':userId')
  @HttpCode(204)
  @Requires('members.manage')
  @Audited('member.remove', 'member')
  remove(@Workspace() workspace: WorkspaceContext, @Param('userId', ParseIdPipe) userId: string) {
    return this.members.remove(workspace, userId);
  }
}
