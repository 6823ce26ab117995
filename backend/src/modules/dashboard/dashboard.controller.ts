import { Controller, Get } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { DashboardPostureService } from './dashboard-posture.service';
import { DashboardService } from './dashboard.service';

@Controller('api/dashboard')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly posture: DashboardPostureService,
  ) {}

  @Get('summary')
  summary(@CurrentUser() user: AuthUser) {
    return this.dashboard.summary(user.id);
  }

  @Get('charts')
  charts(@CurrentUser() user: AuthUser) {
    return this.dashboard.charts(user.id);
  }

  /** Spoofable mail, certificates expiring, grades, vulnerable libraries and top third parties across the workspace's vendors. */
  @Get('posture')
  @Requires('workspace.read')
  vendorPosture(@Workspace() workspace: WorkspaceContext) {
    return this.posture.posture(workspace.workspaceId);
  }
}
