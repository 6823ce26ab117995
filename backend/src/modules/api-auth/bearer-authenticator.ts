import { Inject, Injectable, Logger } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import type { KeyObject } from 'node:crypto';
import { AuthSessionsRepository, databaseErrorMessage, isDatabaseUnavailable } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { FastifyRequest } from 'fastify';
import { decode } from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthUser } from '../../common/auth-user';
import { DomainError } from '../../common/errors';
import type { AccessTokenClaims } from './access-token-claims';
import { HostedUsers } from './hosted-users';
import type { JwksKeySet, VerificationAlgorithm } from './jwks-key-set';
import { tokenIssuer } from './token-issuer';

/** The key set bearer tokens are verified against: the embedded auth's, or the hosted project's. */
export const KEY_SET = Symbol('KEY_SET');

const ALGORITHMS: VerificationAlgorithm[] = ['ES256', 'RS256'];

/** The token was valid, but its session has ended (logout) or never existed here. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session of this token has ended');
  }
}

/**
 * The token's signature was good but its session (or hosted user) could not be read: the database
 * failed or timed out. That says nothing against the token, so it must not become a 401 (which
 * signs the user out): the caller gets a 503 and tries again.
 */
export class SessionLookupFailedError extends DomainError {
  constructor(readonly reason: unknown) {
    super(503, MESSAGES.generic.databaseUnavailable);
  }
}

/** A token whose header names an algorithm other than ES256/RS256 (`none`, HS256, …). */
export class AlgorithmNotAllowedError extends Error {
  constructor() {
    super('Token algorithm not allowed');
  }
}

/**
 * The caller, or why there is none (passport-jwt's failure or error, as the guards map them).
 * `secondFactorMissing`: the user has a verified factor but this token did not use it (aal1).
 */
export type Authentication = { user: AuthUser; secondFactorMissing: boolean } | { user?: undefined; failure: unknown };

interface VerifiedCaller {
  user: AuthUser;
  secondFactorMissing: boolean;
}

interface StrategyAttempt {
  success(caller: VerifiedCaller): void;
  fail(challenge: unknown): void;
  error(error: unknown): void;
  authenticate(request: FastifyRequest, options: object): void;
}

/**
 * Checks a request's bearer token with passport-jwt: signature against the key set (by the
 * header's kid), expiry, audience and issuer. In embedded mode the token's session must still be
 * open, so logout takes effect at once; in hosted mode the user is mirrored into `users`.
 *
 * The strategy belongs to this instance and is run directly rather than registered with
 * passport's process-wide registry (what @nestjs/passport does): two apps in one process would
 * otherwise both verify with whichever app was built last.
 */
@Injectable()
export class BearerAuthenticator {
  private readonly strategy: Strategy;
  private readonly logger = new Logger('BearerAuthenticator');

  constructor(
    @Inject(KEY_SET) keySet: JwksKeySet,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: AuthSessionsRepository,
    private readonly hostedUsers: HostedUsers,
  ) {
    this.strategy = new Strategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        secretOrKeyProvider: (_request: unknown, rawToken: string, done: (error: unknown, key?: string) => void) => {
          keyFor(keySet, rawToken).then(
            // jsonwebtoken takes a KeyObject as it is (its types say string | Buffer only).
            (key) => done(null, key as unknown as string),
            (error: unknown) => done(error),
          );
        },
        algorithms: ALGORITHMS,
        audience: 'authenticated',
        issuer: tokenIssuer(config),
      },
      (claims: AccessTokenClaims, done: (error: unknown, caller?: VerifiedCaller) => void) => {
        this.toCaller(claims).then(
          (user) => done(null, user),
          (error: unknown) => done(error),
        );
      },
    );
  }

  /**
   * Rejects only when the session lookup failed (database unreachable, timed out or erring): that
   * is no answer about the token, and the caller must not be told to sign in again.
   */
  authenticate(request: FastifyRequest): Promise<Authentication> {
    return new Promise((resolve, reject) => {
      // Passport's own way of running a strategy: an object inheriting from it, given the outcomes.
      const attempt = Object.create(this.strategy) as StrategyAttempt;
      attempt.success = (caller) => resolve(caller);
      // passport-jwt reports a key lookup that failed as `fail`, a session lookup as `error`.
      const refused = (failure: unknown) => {
        if (failure instanceof SessionLookupFailedError) {
          this.logger.warn(`Session lookup failed: ${databaseErrorMessage(failure.reason)}`);
          return reject(failure);
        }
        return isDatabaseUnavailable(failure) ? reject(failure) : resolve({ failure });
      };
      attempt.fail = refused;
      attempt.error = refused;
      attempt.authenticate(request, {});
    });
  }

  /**
   * Hosted mode cannot see the project's factors, so there the second-factor rule is the hosted
   * project's to enforce (its tokens say aal2 once a factor was used).
   */
  private async toCaller(claims: AccessTokenClaims): Promise<VerifiedCaller> {
    let secondFactorMissing = false;
    const lookup = <T>(work: Promise<T>) =>
      work.catch((error: unknown) => {
        throw new SessionLookupFailedError(error);
      });
    if (this.config.SUPABASE_URL) {
      await lookup(this.hostedUsers.ensure(claims.sub, claims.email ?? ''));
    } else {
      const startedAfter = new Date(Date.now() - this.config.AUTH_SESSION_MAX_LIFETIME_SECONDS * 1000);
      const open = claims.session_id && (await lookup(this.sessions.findActive(claims.sub, claims.session_id, startedAfter)));
      if (!open) throw new SessionEndedError();
      secondFactorMissing = open.mfaEnabled && claims.aal !== 'aal2';
    }
    const amr = Array.isArray(claims.amr) ? claims.amr : [];
    const recoveredAt = amr.find((entry) => entry?.method === 'recovery')?.timestamp;
    const user: AuthUser = {
      id: claims.sub,
      email: claims.email ?? '',
      role: claims.role,
      sessionId: claims.session_id,
      aal: claims.aal,
    };
    if (recoveredAt !== undefined) user.recoveredAt = recoveredAt;
    // The session's own record of how it began (signed into the token): only the embedded auth's SSO sets it.
    if (!this.config.SUPABASE_URL && amr.some((entry) => entry?.method === 'oauth')) user.ssoSignIn = true;
    return { user, secondFactorMissing };
  }
}

/** The algorithm is checked before any key is looked up: the token's header is the caller's to write. */
async function keyFor(keySet: JwksKeySet, rawToken: string): Promise<KeyObject> {
  const header = decode(rawToken, { complete: true })?.header;
  if (!header || !ALGORITHMS.includes(header.alg as VerificationAlgorithm)) throw new AlgorithmNotAllowedError();
  const { publicKey, algorithm } = await keySet.getKey(header.kid);
  if (algorithm !== header.alg) throw new AlgorithmNotAllowedError();
  return publicKey;
}
