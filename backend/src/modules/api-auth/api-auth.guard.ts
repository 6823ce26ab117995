import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES } from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC, type AuthUser } from '../../common/auth-user';
import { apiAuthFailureMessage } from './auth-failure';
import { BearerAuthenticator } from './bearer-authenticator';

/**
 * The global guard of /api: every route under /api needs a valid bearer token unless it is
 * marked `@Public()`, and a user with a verified second factor needs a token that used it
 * (aal2); it puts the caller on `request.user`. Routes outside /api (/auth/v1,
 * static files) are not its business.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: BearerAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic || !isApiRoute(request)) return true;
    const authentication = await this.authenticator.authenticate(request);
    if (!authentication.user) throw new UnauthorizedException(apiAuthFailureMessage(authentication.failure));
    // Signed in with the password only: the app asks for the code before anything else works.
    if (authentication.secondFactorMissing) throw new UnauthorizedException(MESSAGES.auth.secondFactorRequired);
    request.user = authentication.user;
    return true;
  }
}

/**
 * Decided on the matched route's pattern, not the raw URL, so no spelling of a path
 * (percent-encoding, dot segments) can reach an /api handler without passing here.
 */
function isApiRoute(request: FastifyRequest): boolean {
  const path = request.routeOptions?.url ?? request.url;
  return path === '/api' || path.startsWith('/api/');
}
