import { Body, Controller, Get, Put } from '@nestjs/common';
import { workspaceSsoInputSchema, type WorkspaceSsoInput } from '@vendorwatch/contracts';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { WorkspaceSsoService } from './workspace-sso.service';

/** A workspace's single sign-on settings (issue 42): every member reads them, an owner changes them. */
@Controller('api/workspaces/:workspaceId/sso')
export class WorkspaceSsoController {
  constructor(private readonly sso: WorkspaceSsoService) {}

  @Get()
  @Requires('workspace.read')
  get(@Workspace() workspace: WorkspaceContext) {
    return this.sso.get(workspace);
  }

  @Put()
  @Requires('workspace.update')
  @Audited('workspace.sso_update', 'workspace', {
    targetId: { param: 'workspaceId' },
    fields: ['linked', 'groupClaim', 'groupRoles', 'defaultRole', 'required'],
  })
  save(@Workspace() workspace: WorkspaceContext, @Body(validate(workspaceSsoInputSchema)) body: WorkspaceSsoInput) {
    return this.sso.save(workspace, body);
  }
}
