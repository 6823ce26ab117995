import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * The portal's answers carry a request's contents to whoever holds its link: no cache may keep them,
 * and no page they lead to learns the link (its token) from a Referer. Set before the handler runs,
 * so error answers carry them too.
 */
@Injectable()
export class PortalHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    void context
      .switchToHttp()
      .getResponse<FastifyReply>()
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer');
    return next.handle();
  }
}
