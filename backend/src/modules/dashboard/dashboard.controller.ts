import { Controller, Get } from '@nestjs/common';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { DashboardPostureService } from './dashboard-posture.service';
import { DashboardService } from './dashboard.service';

@Controller('api/dashboard')
@Requires('workspace.read')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly posture: DashboardPostureService,
  ) {}

  @Get('summary')
  summary(@Workspace() workspace: WorkspaceContext) {
    return this.dashboard.summary(workspace.workspaceId);
  }

  @Get('charts')
  charts(@Workspace() workspace: WorkspaceContext) {
    return this.dashboard.charts(workspace.workspaceId);
  }

  /** Spoofable mail, certificates expiring, grades, vulnerable libraries and top third parties across the workspace's vendors. */
  @Get('posture')
  vendorPosture(@Workspace() workspace: WorkspaceContext) {
    return this.posture.posture(workspace.workspaceId);
  }
}
