import { Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../common/errors';
import { carriesToken } from '../../common/operator-token';

/** /metrics answers only to METRICS_TOKEN, and does not exist when none is configured. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) throw new NotFoundError();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!carriesToken(request.headers.authorization, token)) throw new UnauthorizedException('Metrics token required');
    return true;
  }
}
