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
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { UserRateLimit } from '../fair-use/user-rate-limit.guard';
import { ReportsService, type ReportFile } from './reports.service';

@Controller('api/reports')
@Requires('workspace.read')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  list(@Workspace() workspace: WorkspaceContext, @Query(validate(reportListQuerySchema)) query: ReportListQuery) {
    return this.reports.list(workspace.workspaceId, query);
  }

  @Get('summary')
  summary(@Workspace() workspace: WorkspaceContext, @Query(validate(reportFiltersSchema)) filters: ReportFilters) {
    return this.reports.summary(workspace.workspaceId, filters);
  }

  @Get(':id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.reports.get(workspace.workspaceId, id);
  }

  /** Judges the report's crawl again with the current checks (after they changed); same stored pages, same result. */
  @Post(':id/reassess')
  @Requires('reports.reassess')
  @Audited('report.reassess', 'report')
  @UserRateLimit('expensive')
  reassess(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.reports.reassess(workspace.workspaceId, id);
  }

  /** Viewers may export: a file of what they can read anyway. Every export is in the audit log (its filters, no target). */
  @Post('export')
  @Requires('reports.export')
  @Audited('report.export', 'report', { fields: ['format'] })
  @UserRateLimit('expensive')
  async export(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(reportExportSchema)) body: ReportExportRequest,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.reports.export(workspace.workspaceId, body));
  }

  /** One assessment's report as a file (its page's Export). */
  @Post(':id/export')
  @Requires('reports.export')
  @Audited('report.export', 'report', { fields: ['format'] })
  @UserRateLimit('expensive')
  async exportOne(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(singleReportExportSchema)) body: SingleReportExportRequest,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.reports.exportOne(workspace.workspaceId, id, body.format));
  }
}

const send = (reply: FastifyReply, file: ReportFile) =>
  reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
