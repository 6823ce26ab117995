import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditInterceptor } from './audit.interceptor';
import { AuditLogController } from './audit-log.controller';
import { AuditLogService } from './audit-log.service';
import { AuditTrail } from './audit-trail';

/**
 * The audit log (issue 33): the interceptor that appends an entry for every `@Audited` route (every
 * module's: APP_INTERCEPTOR), the trail it writes through, and the routes that read it.
 */
@Global()
@Module({
  controllers: [AuditLogController],
  providers: [AuditTrail, AuditLogService, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [AuditTrail],
})
export class AuditLogModule {}
