import { Controller, Get } from '@nestjs/common';
import type { ProgrammeOverview } from '@vendorwatch/contracts';
import { Requires } from '../../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../../access/workspace-context';
import { ProgrammeOverviewService } from './programme-overview.service';

/** The Programme screen's figures: every member reads them. */
@Controller('api/programme/overview')
@Requires('workspace.read')
export class ProgrammeOverviewController {
  constructor(private readonly overview: ProgrammeOverviewService) {}

  @Get()
  get(@Workspace() workspace: WorkspaceContext): Promise<ProgrammeOverview> {
    return this.overview.overview(workspace.workspaceId);
  }
}
