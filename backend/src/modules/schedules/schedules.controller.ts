import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  scheduleInputSchema,
  schedulePauseSchema,
  type ScheduleOverview,
  type SchedulePause,
  type ScheduleRun,
  type ScheduleSettings,
  type VendorSchedule,
} from '@vendorwatch/contracts';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { SchedulesService } from './schedules.service';

@Controller('api')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get('schedules')
  overview(@CurrentUser() user: AuthUser): Promise<ScheduleOverview> {
    return this.schedules.overview(user.id);
  }

  @Put('schedules/pause')
  pause(@CurrentUser() user: AuthUser, @Body(validate(schedulePauseSchema)) body: SchedulePause): Promise<ScheduleOverview> {
    return this.schedules.setPaused(user.id, body.paused);
  }

  @Get('vendors/:id/schedule')
  get(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<VendorSchedule> {
    return this.schedules.get(user.id, id);
  }

  @Put('vendors/:id/schedule')
  save(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(scheduleInputSchema)) body: ScheduleSettings,
  ): Promise<VendorSchedule> {
    return this.schedules.save(user.id, id, body);
  }

  @Get('vendors/:id/schedule/runs')
  runs(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<ScheduleRun[]> {
    return this.schedules.runs(user.id, id);
  }
}
