import { Controller, Get } from '@nestjs/common';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { DashboardService } from './dashboard.service';

@Controller('api/dashboard')
@Requires('workspace.read')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  summary(@Workspace() workspace: WorkspaceContext) {
    return this.dashboard.summary(workspace.workspaceId);
  }

  @Get('charts')
  charts(@Workspace() workspace: WorkspaceContext) {
    return this.dashboard.charts(workspace.workspaceId);
  }
}
