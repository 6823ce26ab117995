import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  alertChannelInputSchema,
  alertEmailConfirmationSchema,
  alertRuleInputSchema,
  paginationQuerySchema,
  type AlertChannelInput,
  type AlertEmailConfirmation,
  type AlertRuleInput,
} from '@vendorwatch/contracts';
import type { z } from 'zod';
import { CurrentUser, Public, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { AlertChannelsService } from './alert-channels.service';
import { AlertsService } from './alerts.service';

@Controller('api/alerts')
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly channels: AlertChannelsService,
  ) {}

  @Get('channels')
  listChannels(@CurrentUser() user: AuthUser) {
    return this.channels.list(user.id);
  }

  @Post('channels')
  createChannel(@CurrentUser() user: AuthUser, @Body(validate(alertChannelInputSchema)) body: AlertChannelInput) {
    return this.channels.create(user, body);
  }

  @Delete('channels/:id')
  @HttpCode(204)
  deleteChannel(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.channels.remove(user.id, id);
  }

  @Post('channels/:id/test')
  @HttpCode(202)
  sendTest(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.channels.sendTest(user.id, id);
  }

  @Post('channels/:id/confirmation')
  @HttpCode(202)
  resendConfirmation(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.channels.resendConfirmation(user.id, id);
  }

  /** Opened from the link in the confirmation email, by whoever reads that address: no sign-in needed. */
  @Public()
  @Post('confirm-email')
  @HttpCode(200)
  confirmEmail(@Body(validate(alertEmailConfirmationSchema)) body: AlertEmailConfirmation) {
    return this.channels.confirm(body.token);
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
