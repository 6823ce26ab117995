import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  reportExportSchema,
  reportFiltersSchema,
  reportListQuerySchema,
  singleReportExportSchema,
  type ReportExportRequest,
  type SingleReportExportRequest,
  type ReportFilters,
  type ReportListQuery,
} from '@vendorwatch/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ReportsService, type ReportFile } from './reports.service';

@Controller('api/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query(validate(reportListQuerySchema)) query: ReportListQuery) {
    return this.reports.list(user.id, query);
  }

  @Get('summary')
  summary(@CurrentUser() user: AuthUser, @Query(validate(reportFiltersSchema)) filters: ReportFilters) {
    return this.reports.summary(user.id, filters);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.reports.get(user.id, id);
  }

  /** Judges the report's crawl again with the current checks (after they changed); same stored pages, same result. */
  @Post(':id/reassess')
  @UserRateLimit('expensive')
  reassess(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string) {
    return this.reports.reassess(user.id, id);
  }

  @Post('export')
  @UserRateLimit('expensive')
  async export(
    @CurrentUser() user: AuthUser,
    @Body(validate(reportExportSchema)) body: ReportExportRequest,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.reports.export(user.id, body));
  }

  /** One assessment's report as a file (its page's Export). */
  @Post(':id/export')
  @UserRateLimit('expensive')
  async exportOne(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(singleReportExportSchema)) body: SingleReportExportRequest,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.reports.exportOne(user.id, id, body.format));
  }
}

const send = (reply: FastifyReply, file: ReportFile) =>
  reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
