import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user';
import { isMissingToken } from '../api-auth/auth-failure';
import { BearerAuthenticator, SessionEndedError } from '../api-auth/bearer-authenticator';
import { AuthErrors } from './gotrue-error';

/**
 * The bearer check of /auth/v1/user and /logout: the same verification as the API guard,
 * answered as Supabase Auth answers (auth-js signs the user out on `session_not_found`).
 */
@Injectable()
export class GoTrueAuthGuard implements CanActivate {
  constructor(private readonly authenticator: BearerAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const authentication = await this.authenticator.authenticate(request);
    if (authentication.user) {
      request.user = authentication.user;
      return true;
    }
    if (isMissingToken(authentication.failure)) throw AuthErrors.noAuthorization();
    if (authentication.failure instanceof SessionEndedError) throw AuthErrors.sessionNotFound();
    throw AuthErrors.badJwt();
  }
}
