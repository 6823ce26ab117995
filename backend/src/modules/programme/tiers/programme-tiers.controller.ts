import { Body, Controller, Get, Put } from '@nestjs/common';
import { updateProgrammeTiersSchema, type ProgrammeTiers, type UpdateProgrammeTiers } from '@vendorwatch/contracts';
import { validate } from '../../../common/zod-validation.pipe';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { Audited } from '../../audit-log/audited.decorator';
import { ProgrammeTiersService } from './programme-tiers.service';

/** The workspace's tier settings: every member reads them, admins and owners change them. */
@Controller('api/programme/tiers')
@Requires('workspace.read')
export class ProgrammeTiersController {
  constructor(private readonly tiers: ProgrammeTiersService) {}

  @Get()
  list(@Workspace() workspace: WorkspaceContext): Promise<ProgrammeTiers> {
    return this.tiers.list(workspace.workspaceId);
  }

  @Put()
  @Requires('programmeTiers.write')
  @Audited('programme_tiers.update', 'programme_tiers', { fields: ['items'] })
  update(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(updateProgrammeTiersSchema)) body: UpdateProgrammeTiers,
  ): Promise<ProgrammeTiers> {
    return this.tiers.update(workspace.workspaceId, body);
  }
}
