import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import { AuthSessionsRepository, UsersRepository, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { AuthUser } from '../../common/auth-user';
import { checkNewPassword, normalizeEmail } from './credential-rules';
import type { SignUpBody, UpdateUserBody, VerifyBody, VerifyLinkQuery } from './dto/auth.dto';
import { EmailConfirmationService } from './email-confirmation.service';
import { AuthErrors, GoTrueError } from './gotrue-error';
import { PasswordHasher } from './password-hasher';
import { RedirectPolicy } from './redirect-policy';
import { SessionsService, type ClientInfo, type TokenResponse } from './sessions.service';
import { UserViewService, type GoTrueUser } from './user-view.service';

const CONFIRMATION_TYPES = new Set(['signup', 'email']);

/** Accounts: sign-up, email confirmation, and the signed-in user's own record. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly authSessions: AuthSessionsRepository,
    private readonly confirmation: EmailConfirmationService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly userView: UserViewService,
    private readonly redirects: RedirectPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A session when AUTH_AUTOCONFIRM is on; otherwise the user, with a confirmation email on its way. */
  async signUp(body: SignUpBody, redirectTo: string | undefined, client: ClientInfo): Promise<GoTrueUser | TokenResponse> {
    if (!body.email) throw AuthErrors.validation(MESSAGES.auth.signupRequiresEmail);
    const email = normalizeEmail(body.email);
    if (!body.password) throw AuthErrors.validation(MESSAGES.auth.signupRequiresPassword, 422);
    checkNewPassword(body.password);
    const metadata = body.data ?? {};
    const existing = await this.users.findByEmail(email);
    if (existing) return this.signUpAgain(existing, metadata, redirectTo);

    const autoconfirm = this.config.AUTH_AUTOCONFIRM;
    const user = await this.users.create({
      email,
      encryptedPassword: await this.hasher.hash(body.password),
      userMetadata: metadata,
      emailConfirmedAt: autoconfirm ? new Date() : null,
    });
    if (!user) throw AuthErrors.userAlreadyExists(); // A concurrent sign-up took the address.
    if (autoconfirm) return this.sessions.start(user, 'password', client);
    return this.userView.render(await this.confirmation.send(user, redirectTo));
  }

  /** The emailed link: always a redirect, carrying the session or the error in its fragment. */
  async verifyLink(query: VerifyLinkQuery, client: ClientInfo): Promise<string> {
    const target = this.redirects.resolve(query.redirect_to);
    try {
      if (!CONFIRMATION_TYPES.has(query.type ?? '')) throw AuthErrors.validation(MESSAGES.auth.verifyTypeUnsupported);
      if (!query.token) throw AuthErrors.emailLinkInvalid();
      const session = await this.sessions.start(await this.confirmation.confirmByLinkToken(query.token), 'otp', client);
      return this.redirects.withFragment(target, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: 'signup',
      });
    } catch (error) {
      if (!(error instanceof GoTrueError)) throw error;
      return this.redirects.withFragment(target, {
        error: error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request',
        error_code: error.code,
        error_description: error.code === 'otp_expired' ? MESSAGES.auth.tokenExpiredOrInvalid : error.message,
      });
    }
  }

  /** auth-js's verifyOtp: the link's token as `token_hash`, or the emailed code with its address. */
  async verify(body: VerifyBody, client: ClientInfo): Promise<TokenResponse> {
    if (!CONFIRMATION_TYPES.has(body.type ?? '')) throw AuthErrors.validation(MESSAGES.auth.verifyTypeUnsupported);
    let user: UserRow;
    if (body.token_hash) user = await this.confirmation.confirmByLinkToken(body.token_hash);
    else if (body.email && body.token)
      user = await this.confirmation.confirmByCode(normalizeEmail(body.email), body.token.trim());
    else throw AuthErrors.validation(MESSAGES.auth.verifyTokenRequired);
    return this.sessions.start(user, 'otp', client);
  }

  async getUser(caller: AuthUser): Promise<GoTrueUser> {
    return this.userView.render(await this.findCaller(caller));
  }

  /** Metadata and password; a new password ends the caller's other sessions, as in Supabase Auth. */
  async updateUser(caller: AuthUser, body: UpdateUserBody): Promise<GoTrueUser> {
    const user = await this.findCaller(caller);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
      throw AuthErrors.validation(MESSAGES.auth.emailChangeUnsupported, 422);
    }
    const changes: Parameters<UsersRepository['update']>[1] = {};
    if (body.password !== undefined) {
      checkNewPassword(body.password);
      if (await this.hasher.verify(user.encryptedPassword, body.password)) throw AuthErrors.samePassword();
      changes.encryptedPassword = await this.hasher.hash(body.password);
    }
    if (body.data) changes.userMetadata = mergeMetadata(user.userMetadata, body.data);
    const updated = (await this.users.update(user.id, changes)) ?? user;
    if (changes.encryptedPassword) await this.authSessions.endAllExcept(user.id, caller.sessionId!);
    return this.userView.render(updated);
  }

  /**
   * Sign-up with a known address. With confirmation on, a confirmed address gets an answer that
   * looks like a fresh sign-up (nothing is sent) and an unconfirmed one gets a new link; the
   * password is never changed, since nobody has proved they own the address.
   */
  private async signUpAgain(existing: UserRow, metadata: Record<string, unknown>, redirectTo: string | undefined) {
    if (this.config.AUTH_AUTOCONFIRM) throw AuthErrors.userAlreadyExists();
    if (existing.emailConfirmedAt) return this.userView.stranger(existing.email, metadata);
    return this.userView.render(await this.confirmation.send(existing, redirectTo));
  }

  private async findCaller(caller: AuthUser): Promise<UserRow> {
    const user = await this.users.findById(caller.id);
    if (!user) throw AuthErrors.userNotFound();
    return user;
  }
}

/** Supabase Auth's merge: given keys replace, keys given as null are removed. */
function mergeMetadata(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
