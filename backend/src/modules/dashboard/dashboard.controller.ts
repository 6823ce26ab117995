import { Controller, Get } from '@nestjs/common';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { DashboardService } from './dashboard.service';

@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  summary(@CurrentUser() user: AuthUser) {
    return this.dashboard.summary(user.id);
  }

  @Get('charts')
  charts(@CurrentUser() user: AuthUser) {
    return this.dashboard.charts(user.id);
  }
}
