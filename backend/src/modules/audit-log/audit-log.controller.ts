import { Controller, Get, Query } from '@nestjs/common';
import { auditLogExportQuerySchema, auditLogQuerySchema, type AuditLogFilters, type AuditLogQuery } from '@vendorwatch/contracts';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from './audited.decorator';
import { AuditLogService } from './audit-log.service';

@Controller('api/workspaces/:workspaceId/audit-log')
@Requires('auditLog.read')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get()
  list(@Workspace() workspace: WorkspaceContext, @Query(validate(auditLogQuerySchema)) query: AuditLogQuery) {
    return this.auditLog.list(workspace, query);
  }

  /** An export is a change the issue wants on the record: who took the trail away, with which filters. */
  @Get('export')
  @Audited('audit_log.export', 'audit_log')
  export(@Workspace() workspace: WorkspaceContext, @Query(validate(auditLogExportQuerySchema)) filters: AuditLogFilters) {
    return this.auditLog.export(workspace, filters);
  }
}
