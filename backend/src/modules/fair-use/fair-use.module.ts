import { Global, Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { UserRateLimitGuard } from './user-rate-limit.guard';
import { UserRateLimiter } from './user-rate-limiter';

/** Per-user limits every feature module's routes can use (`@UserRateLimit(bucket)`). */
@Global()
@Module({
  imports: [JobQueuesModule],
  providers: [UserRateLimiter, UserRateLimitGuard],
  exports: [UserRateLimiter, UserRateLimitGuard],
})
export class FairUseModule {}
