import { applyDecorators, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessRequest } from '../access/workspace-context';
import { UserRateLimiter, type UserRateLimitBucket } from './user-rate-limiter';

const USER_RATE_LIMIT = 'fairUse:bucket';

/**
 * Counts the route against one of the caller's limits. Runs after the global API guard (which
 * put the caller on the request), so it is always keyed by a verified user id: the person's, or for
 * an API key its creator's — a key's requests count against the same allowance as its creator's own,
 * in whichever workspace, so neither keys nor workspaces multiply anyone's allowance.
 */
export const UserRateLimit = (bucket: UserRateLimitBucket) =>
  applyDecorators(SetMetadata(USER_RATE_LIMIT, bucket), UseGuards(UserRateLimitGuard));

@Injectable()
export class UserRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: UserRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<UserRateLimitBucket | undefined>(USER_RATE_LIMIT, context.getHandler());
    const request = context.switchToHttp().getRequest<AccessRequest>();
    // The workspace context's person: the caller, or an API key's creator (on every key request).
    const person = request.workspace?.userId ?? request.user?.id;
    if (!bucket || !person) return true;
    // Over the limit: a RateLimitedError, which the exception filter answers 429 with Retry-After.
    await this.limiter.consume(bucket, person);
    return true;
  }
}
