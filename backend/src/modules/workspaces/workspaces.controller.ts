import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { workspaceInputSchema, type WorkspaceInput } from '@vendorwatch/contracts';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Caller, KeyWorkspace, Workspace, type Actor, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { WorkspacesService } from './workspaces.service';

@Controller('api/workspaces')
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Get()
  @Requires('workspaces.list')
  list(@Caller() caller: Actor, @KeyWorkspace() keyWorkspace: WorkspaceContext | undefined) {
    return this.workspaces.list(caller, keyWorkspace);
  }

  @Post()
  @Requires('account')
  @Audited('workspace.create', 'workspace', { targetId: 'result', fields: ['name'], workspaceFrom: 'result' })
  create(@Caller() caller: Actor, @Body(validate(workspaceInputSchema)) body: WorkspaceInput) {
    return this.workspaces.create(caller, body);
  }

  @Patch(':workspaceId')
  @Requires('workspace.update')
  @Audited('workspace.update', 'workspace', { fields: ['name'] })
  rename(@Workspace() workspace: WorkspaceContext, @Body(validate(workspaceInputSchema)) body: WorkspaceInput) {
    return this.workspaces.rename(workspace, body);
  }

  @Delete(':workspaceId')
  @HttpCode(204)
  @Requires('workspace.delete')
  @Audited('workspace.delete', 'workspace')
  remove(@Workspace() workspace: WorkspaceContext) {
    return this.workspaces.remove(workspace);
  }
}
