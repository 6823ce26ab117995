import { Inject, Injectable } from '@nestjs/common';
import { formatMessage, LIMITS, MESSAGES, type TokenResponse } from '@vendorwatch/contracts';
import {
  AuthFlowStatesRepository,
  AuthMfaFactorsRepository,
  AuthOneTimeTokensRepository,
  AuthRefreshTokensRepository,
  AuthSessionsRepository,
  UsersRepository,
  type AuthSessionRow,
  type UserRow,
} from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { AuthUser } from '../../common/auth-user';
import { AccessTokensService } from './access-tokens.service';
import type { TokenBody } from './dto/auth.dto';
import { AuthErrors } from './gotrue-error';
import { verifierMatches } from './oidc/pkce';
import { digestOf, newOpaqueToken } from './opaque-tokens';
import { PasswordHasher } from './password-hasher';
import { UserViewService } from './user-view.service';

/** Where a request came from; kept on the session. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export type { TokenResponse };

/**
 * How the user proved who they are (the `amr` claim): a password, the emailed confirmation link
 * or code, a password-reset link, or an authenticator app's code.
 */
export type SignInMethod = 'password' | 'otp' | 'recovery' | 'totp' | 'oauth';

/** The sign-in came through the company's identity provider (Supabase Auth's `amr` method for an external provider). */
export const SSO_METHOD: SignInMethod = 'oauth';

export type LogoutScope = 'global' | 'local' | 'others';
const LOGOUT_SCOPES = new Set<string>(['global', 'local', 'others'] satisfies LogoutScope[]);

/** Sessions: started by a grant, continued by refresh-token rotation, ended by logout or by their lifetimes. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: AuthSessionsRepository,
    private readonly refreshTokens: AuthRefreshTokensRepository,
    private readonly pendingTokens: AuthOneTimeTokensRepository,
    private readonly factors: AuthMfaFactorsRepository,
    private readonly flows: AuthFlowStatesRepository,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokensService,
    private readonly userView: UserViewService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  grant(grantType: string | undefined, body: TokenBody, client: ClientInfo): Promise<TokenResponse> {
    if (grantType === 'password') return this.passwordGrant(body, client);
    if (grantType === 'refresh_token') return this.refreshTokenGrant(body);
    if (grantType === 'pkce') return this.pkceGrant(body, client);
    throw AuthErrors.validation(MESSAGES.auth.unsupportedGrantType);
  }

  /** A new session for `user`, who has just proved who they are. */
  async start(user: UserRow, method: SignInMethod, client: ClientInfo, aal: 'aal1' | 'aal2' = 'aal1'): Promise<TokenResponse> {
    const session = await this.sessions.create({
      userId: user.id,
      aal,
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
      userAgent: client.userAgent ?? null,
      ip: client.ip ?? null,
    });
    const refreshToken = newOpaqueToken();
    await this.refreshTokens.issue(user.id, session.id, digestOf(refreshToken));
    const signedIn = (await this.users.recordSignIn(user.id)) ?? user;
    return this.respond(signedIn, session, refreshToken);
  }

  /**
   * The caller's session has just used a second factor: it becomes aal2 with a fresh refresh
   * token, and the user's sessions that never used one end, as in Supabase Auth.
   */
  async raiseToAal2(user: UserRow, sessionId: string, method: SignInMethod): Promise<TokenResponse> {
    const session = await this.sessions.raiseAssurance(sessionId, 'aal2', { method, timestamp: Math.floor(Date.now() / 1000) });
    if (!session) throw AuthErrors.sessionNotFound();
    await this.refreshTokens.revokeSession(sessionId);
    const refreshToken = newOpaqueToken();
    await this.refreshTokens.issue(user.id, sessionId, digestOf(refreshToken));
    await this.sessions.endAllBelow(user.id, 'aal2', sessionId);
    return this.respond(user, session, refreshToken);
  }

  /**
   * Ends the caller's session (`local`), every other one (`others`) or all of them (`global`). A
   * password alone must not end the sessions that used the second factor: with a verified factor,
   * only an aal2 session may end others.
   */
  async logout(user: AuthUser, scope: string | undefined): Promise<void> {
    const sessionId = user.sessionId!; // The guard admits embedded tokens only with a live session.
    const chosen = (scope || 'global') as LogoutScope;
    if (!LOGOUT_SCOPES.has(chosen)) throw AuthErrors.validation(formatMessage.unsupportedLogoutScope(String(scope)));
    if (chosen === 'local') return this.sessions.end(user.id, sessionId);
    if (user.aal !== 'aal2' && (await this.factors.hasVerified(user.id))) {
      throw AuthErrors.insufficientAal(403, MESSAGES.auth.aal2RequiredToEndOtherSessions);
    }
    return chosen === 'global' ? this.sessions.endAll(user.id) : this.sessions.endAllExcept(user.id, sessionId);
  }

  /** The caller's open sessions (the account page lists them). */
  listOpen(userId: string): Promise<AuthSessionRow[]> {
    return this.sessions.listActive(userId, this.startedAfter());
  }

  private async passwordGrant(body: TokenBody, client: ClientInfo): Promise<TokenResponse> {
    if (!body.email) throw AuthErrors.validation(MESSAGES.auth.missingEmailOrPhone);
    const password = body.password ?? '';
    // No format check: a malformed address is simply an unknown one.
    const user = await this.users.findByEmail(body.email.trim().toLowerCase());
    if (!user) {
      await this.hasher.verifyNothing(password);
      throw AuthErrors.invalidCredentials();
    }
    // Until the address is confirmed the account has no password yet: the sign-up's waits with its link.
    const pending = user.emailConfirmedAt ? undefined : await this.pendingTokens.findForUser(user.id, 'confirmation');
    const stored = pending?.pendingPasswordHash ?? user.encryptedPassword;
    if (!(await this.hasher.verify(stored, password))) throw AuthErrors.invalidCredentials();
    // Only after the password: an unconfirmed address must not be discoverable without it.
    if (!user.emailConfirmedAt) throw AuthErrors.emailNotConfirmed();
    return this.start(user, 'password', client);
  }

  /**
   * The app redeems the code an SSO sign-in sent it back with, proving with its PKCE verifier that
   * it is the app that started the sign-in. Once only, within minutes. A provider that asserted a
   * second factor gives an aal2 session; otherwise the account's own TOTP applies, as for a password.
   */
  private async pkceGrant(body: TokenBody, client: ClientInfo): Promise<TokenResponse> {
    if (!body.auth_code || !body.code_verifier) throw AuthErrors.validation(MESSAGES.auth.pkceCodeRequired);
    const since = new Date(Date.now() - LIMITS.sso.authCodeExpirySeconds * 1000);
    const flow = await this.flows.redeemAuthCode(digestOf(body.auth_code), since);
    if (!flow?.userId) throw AuthErrors.flowStateNotFound();
    if (!verifierMatches(body.code_verifier, flow.codeChallenge, flow.codeChallengeMethod)) throw AuthErrors.badCodeVerifier();
    const user = await this.users.findById(flow.userId);
    if (!user) throw AuthErrors.flowStateNotFound();
    return this.start(user, SSO_METHOD, client, flow.providerMfa ? 'aal2' : 'aal1');
  }

  /**
   * Rotation: each refresh token works once. A second use of a spent token means it leaked (or a
   * client lost an answer): the whole session ends, so neither the thief nor the owner keeps it.
   * A session also ends when it sat unrefreshed too long, or is older than its absolute lifetime.
   */
  private async refreshTokenGrant(body: TokenBody): Promise<TokenResponse> {
    if (!body.refresh_token) throw AuthErrors.validation(MESSAGES.auth.refreshTokenRequired);
    const found = await this.refreshTokens.findWithSession(digestOf(body.refresh_token));
    if (!found || found.session.endedAt) throw AuthErrors.refreshTokenNotFound();
    const { session, token } = found;
    if (session.createdAt < this.startedAfter()) {
      await this.sessions.end(session.userId, session.id);
      throw AuthErrors.sessionExpired(MESSAGES.auth.sessionExpired);
    }
    const lastActive = session.refreshedAt ?? session.createdAt;
    if (Date.now() - lastActive.getTime() > this.config.AUTH_SESSION_IDLE_TIMEOUT_SECONDS * 1000) {
      await this.sessions.end(session.userId, session.id);
      throw AuthErrors.sessionExpired(MESSAGES.auth.sessionExpiredIdle);
    }
    const next = newOpaqueToken();
    if (token.revoked || !(await this.refreshTokens.rotate(token, digestOf(next)))) {
      await this.refreshTokens.revokeSession(session.id);
      await this.sessions.end(session.userId, session.id);
      throw AuthErrors.refreshTokenAlreadyUsed();
    }
    const user = await this.users.findById(token.userId);
    if (!user) throw AuthErrors.refreshTokenNotFound();
    return this.respond(user, session, next);
  }

  private startedAfter(): Date {
    return new Date(Date.now() - this.config.AUTH_SESSION_MAX_LIFETIME_SECONDS * 1000);
  }

  private async respond(user: UserRow, session: AuthSessionRow, refreshToken: string): Promise<TokenResponse> {
    const access = this.accessTokens.sign(user, session);
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: await this.userView.render(user),
    };
  }
}
