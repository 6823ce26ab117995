import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth-user';
import { HealthService, type HealthReport } from './health.service';

@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Public, for load balancers and the UI's pre-flight; 503 when the database or Redis is down. */
  @Public()
  @Get()
  async get(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    void reply.status(report.success ? 200 : 503);
    return report;
  }
}
