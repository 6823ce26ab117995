import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import type { AppConfig } from '@vendorwatch/runtime';
import type { FastifyRequest } from 'fastify';

/** Supabase Auth's per-address limits: sign-in and sign-up share one, verify and refresh have their own. */
export type RateLimitBucket = 'signIn' | 'verify' | 'tokenRefresh';
type BucketOf = RateLimitBucket | ((request: FastifyRequest) => RateLimitBucket | undefined);

const RATE_LIMIT_BUCKET = 'auth:rateLimitBucket';

/** Which limit a route counts against; a function decides per request (POST /token, by grant type). */
export const RateLimit = (bucket: BucketOf) => SetMetadata(RATE_LIMIT_BUCKET, bucket);

export const tokenGrantBucket = (request: FastifyRequest): RateLimitBucket | undefined => {
  const grantType = (request.query as Record<string, unknown> | undefined)?.grant_type;
  if (grantType === 'refresh_token') return 'tokenRefresh';
  return grantType === 'password' ? 'signIn' : undefined;
};

function bucketOf(context: ExecutionContext): RateLimitBucket | undefined {
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, context.getHandler()) as BucketOf | undefined;
  return typeof bucket === 'function' ? bucket(context.switchToHttp().getRequest<FastifyRequest>()) : bucket;
}

/**
 * Options for @nestjs/throttler (in memory, per process). Each route counts against its own
 * bucket only; the key leaves out the route, so every route of a bucket shares the counter.
 * The address is Fastify's `request.ip`, which honours the app's `trustProxy` setting.
 */
export function authThrottlerOptions(config: AppConfig): ThrottlerModuleOptions {
  const ttl = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const bucket = (name: RateLimitBucket, limit: number): ThrottlerOptions => ({
    name,
    ttl,
    limit,
    skipIf: (context) => bucketOf(context) !== name,
  });
  return {
    throttlers: [
      bucket('signIn', config.AUTH_RATE_LIMIT_SIGN_IN),
      bucket('verify', config.AUTH_RATE_LIMIT_VERIFY),
      bucket('tokenRefresh', config.AUTH_RATE_LIMIT_TOKEN_REFRESH),
    ],
    getTracker: (request) => String((request as FastifyRequest).ip),
    generateKey: (_context, tracker, name) => `auth:${name}:${tracker}`,
  };
}
