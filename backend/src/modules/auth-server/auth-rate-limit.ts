import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions, ThrottlerOptions } from '@nestjs/throttler';
import { prefixedKey, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { FailoverThrottlerStorage } from './auth-rate-limit-storage';

/**
 * Supabase Auth's per-address limits: sign-in, sign-up, password recovery and password change
 * share one; verify, refresh and MFA have their own.
 */
export type RateLimitBucket = 'signIn' | 'verify' | 'tokenRefresh' | 'mfa';
type BucketOf = RateLimitBucket | ((request: FastifyRequest) => RateLimitBucket | undefined);

const RATE_LIMIT_BUCKET = 'auth:rateLimitBucket';

/** Which limit a route counts against; a function decides per request (POST /token, by grant type). */
export const RateLimit = (bucket: BucketOf) => SetMetadata(RATE_LIMIT_BUCKET, bucket);

export const tokenGrantBucket = (request: FastifyRequest): RateLimitBucket | undefined => {
  const grantType = (request.query as Record<string, unknown> | undefined)?.grant_type;
  if (grantType === 'refresh_token') return 'tokenRefresh';
  return grantType === 'password' ? 'signIn' : undefined;
};

/** PUT /user counts as a sign-in when it carries a password or a nonce: the current password or the nonce could be guessed there. */
export const passwordChangeBucket = (request: FastifyRequest): RateLimitBucket | undefined => {
  const body = request.body as Record<string, unknown> | undefined;
  const guessable = ['password', 'current_password', 'nonce'];
  return body && guessable.some((field) => body[field] !== undefined) ? 'signIn' : undefined;
};

function bucketOf(context: ExecutionContext): RateLimitBucket | undefined {
  const bucket = Reflect.getMetadata(RATE_LIMIT_BUCKET, context.getHandler()) as BucketOf | undefined;
  return typeof bucket === 'function' ? bucket(context.switchToHttp().getRequest<FastifyRequest>()) : bucket;
}

/**
 * Who a request counts against: its IPv4 address, or the /64 of its IPv6 address, since one
 * client usually holds a whole /64 and could otherwise take a fresh allowance per address.
 */
export function clientBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 becomes the IPv4 address it carries.
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * Options for @nestjs/throttler, counted in Redis under the installation's key prefix so every API
 * process shares the counters (in the process while Redis is away: FailoverThrottlerStorage). Each route counts against its own bucket only; the key leaves out
 * the route, so every route of a bucket shares the counter. The address is Fastify's
 * `request.ip`, which honours the app's `trustProxy` setting.
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
      bucket('mfa', config.AUTH_RATE_LIMIT_MFA),
    ],
    storage: new FailoverThrottlerStorage(config),
    getTracker: (request) => clientBucket(String((request as FastifyRequest).ip)),
    generateKey: (_context, tracker, name) => prefixedKey(config, 'auth-rate-limit', name, tracker),
  };
}
