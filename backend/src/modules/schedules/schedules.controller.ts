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
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited, WORKER_SEES_ROW } from '../audit-log/audited.decorator';
import { SchedulesService } from './schedules.service';

/** The workspace's vendor schedules and its pause switch: every member reads them, editors change them. */
@Controller('api')
@Requires('workspace.read')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get('schedules')
  overview(@Workspace() workspace: WorkspaceContext): Promise<ScheduleOverview> {
    return this.schedules.overview(workspace.workspaceId);
  }

  @Put('schedules/pause')
  @Requires('schedules.write')
  @Audited('schedules.pause_change', 'workspace', { fields: ['paused'], outsideTransaction: WORKER_SEES_ROW })
  pause(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(schedulePauseSchema)) body: SchedulePause,
  ): Promise<ScheduleOverview> {
    return this.schedules.setPaused(workspace.workspaceId, workspace.userId, body.paused);
  }

  @Get('vendors/:id/schedule')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<VendorSchedule> {
    return this.schedules.get(workspace.workspaceId, id);
  }

  /** Timing and method only: the schedule's settings hold no secret, but the entry stays short. */
  @Put('vendors/:id/schedule')
  @Requires('schedules.write')
  @Audited('schedule.update', 'vendor', {
    fields: ['kind', 'minute', 'time', 'weekday', 'cron', 'everySeconds', 'timezone', 'method'],
    outsideTransaction: WORKER_SEES_ROW,
  })
  save(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(scheduleInputSchema)) body: ScheduleSettings,
  ): Promise<VendorSchedule> {
    return this.schedules.save(workspace.workspaceId, workspace.userId, id, body);
  }

  @Get('vendors/:id/schedule/runs')
  runs(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<ScheduleRun[]> {
    return this.schedules.runs(workspace.workspaceId, id);
  }
}
