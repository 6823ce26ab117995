import { Global, Module } from '@nestjs/common';
import { UserRateLimitGuard } from './user-rate-limit.guard';
import { UserRateLimiter } from './user-rate-limiter';

/** Per-user limits every feature module's routes can use (`@UserRateLimit(bucket)`). */
@Global()
@Module({ providers: [UserRateLimiter, UserRateLimitGuard], exports: [UserRateLimiter, UserRateLimitGuard] })
export class FairUseModule {}
