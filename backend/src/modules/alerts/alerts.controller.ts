import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  alertChannelInputSchema,
  alertRuleInputSchema,
  paginationQuerySchema,
  type AlertChannelInput,
  type AlertRuleInput,
} from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { AlertsService } from './alerts.service';

@Controller('api/alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('channels')
  channels(@CurrentUser() user: AuthUser) {
    return this.alerts.channels(user.id);
  }

  @Post('channels')
  createChannel(@CurrentUser() user: AuthUser, @Body(validate(alertChannelInputSchema)) body: AlertChannelInput) {
    return this.alerts.createChannel(user.id, body);
  }

  @Delete('channels/:id')
  @HttpCode(204)
  deleteChannel(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.alerts.deleteChannel(user.id, id);
  }

  @Post('channels/:id/test')
  @HttpCode(202)
  sendTest(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.alerts.sendTest(user.id, id);
  }

  @Get('rules')
  rules(@CurrentUser() user: AuthUser) {
    return this.alerts.rules(user.id);
  }

  @Post('rules')
  createRule(@CurrentUser() user: AuthUser, @Body(validate(alertRuleInputSchema)) body: AlertRuleInput) {
    return this.alerts.createRule(user.id, body);
  }

  @Delete('rules/:id')
  @HttpCode(204)
  deleteRule(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.alerts.deleteRule(user.id, id);
  }

  @Get('deliveries')
  deliveries(
    @CurrentUser() user: AuthUser,
    @Query(validate(paginationQuerySchema)) query: z.output<typeof paginationQuerySchema>,
  ) {
    return this.alerts.deliveries(user.id, query.page, query.limit);
  }
}
