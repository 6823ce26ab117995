import { Inject, Injectable, NotFoundException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyRequest } from 'fastify';

/** With SUPABASE_URL set the hosted project is the auth server: /auth/v1 here answers as if absent. */
@Injectable()
export class EmbeddedAuthGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.SUPABASE_URL) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    throw new NotFoundException(`Cannot ${request.method} ${request.url.split('?')[0]}`);
  }
}
