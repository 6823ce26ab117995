import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import { AuthMfaFactorsRepository, AuthSessionsRepository, UsersRepository, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import type { AuthUser } from '../../common/auth-user';
import { checkNewPassword, normalizeEmail } from './credential-rules';
import type { RecoverBody, ResendBody, SignUpBody, UpdateUserBody, VerifyBody, VerifyLinkQuery } from './dto/auth.dto';
import { EmailLinksService } from './email-links.service';
import { AuthErrors } from './gotrue-error';
import { PasswordHasher } from './password-hasher';
import { ReauthenticationService } from './reauthentication.service';
import { SessionsService, type ClientInfo, type TokenResponse } from './sessions.service';
import { UserViewService, type GoTrueUser } from './user-view.service';

const CONFIRMATION_TYPES = new Set(['signup', 'email']);

/** How long after a reset link was used its session may set a new password without the old one. */
const RECOVERY_WINDOW_SECONDS = 3600;

/** Accounts: sign-up, email confirmation, password recovery, and the signed-in user's own record. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly authSessions: AuthSessionsRepository,
    private readonly factors: AuthMfaFactorsRepository,
    private readonly emailLinks: EmailLinksService,
    private readonly reauthentication: ReauthenticationService,
    private readonly sessions: SessionsService,
    private readonly hasher: PasswordHasher,
    private readonly userView: UserViewService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A session when AUTH_AUTOCONFIRM is on; otherwise the user, with a confirmation email on its
   * way. Every path hashes the password and answers alike, so neither the answer nor its timing
   * tells whether the address already has an account.
   */
  async signUp(body: SignUpBody, redirectTo: string | undefined, client: ClientInfo): Promise<GoTrueUser | TokenResponse> {
    if (!body.email) throw AuthErrors.validation(MESSAGES.auth.signupRequiresEmail);
    const email = normalizeEmail(body.email);
    if (!body.password) throw AuthErrors.validation(MESSAGES.auth.signupRequiresPassword, 422);
    checkNewPassword(body.password);
    const metadata = body.data ?? {};
    const passwordHash = await this.hasher.hash(body.password);
    const existing = await this.users.findByEmail(email);
    if (existing) return this.signUpAgain(existing, passwordHash, metadata, redirectTo);

    const autoconfirm = this.config.AUTH_AUTOCONFIRM;
    const user = await this.users.create({
      email,
      // Unconfirmed, the account has no password: the one given waits with the confirmation link.
      encryptedPassword: autoconfirm ? passwordHash : '',
      userMetadata: metadata,
      emailConfirmedAt: autoconfirm ? new Date() : null,
    });
    if (!user) throw AuthErrors.userAlreadyExists(); // A concurrent sign-up took the address.
    if (autoconfirm) return this.sessions.start(user, 'password', client);
    return this.userView.render(await this.emailLinks.issue(user, 'confirmation', redirectTo, passwordHash));
  }

  /**
   * A link in an old email (before links opened the app's page): sent on to that page, token
   * unspent, so a mail scanner's GET spends nothing.
   */
  verifyLink(query: VerifyLinkQuery): string {
    const purpose = query.type === 'recovery' ? 'recovery' : 'confirmation';
    return this.emailLinks.pageFor(purpose, query.token ?? '', query.redirect_to);
  }

  /**
   * auth-js's verifyOtp: a link's token as `token_hash` (confirmation or recovery), or the emailed
   * confirmation code with its address. Confirming ends every other session of the account, so
   * one opened before the address was proved does not outlive the proof.
   */
  async verify(body: VerifyBody, client: ClientInfo): Promise<TokenResponse> {
    const type = body.type ?? '';
    if (type === 'recovery') {
      if (!body.token_hash) throw AuthErrors.validation(MESSAGES.auth.verifyTokenRequired);
      const user = await this.emailLinks.useLinkToken(body.token_hash, 'recovery');
      return this.startAlone(user, 'recovery', client);
    }
    if (!CONFIRMATION_TYPES.has(type)) throw AuthErrors.validation(MESSAGES.auth.verifyTypeUnsupported);
    let user: UserRow;
    if (body.token_hash) user = await this.emailLinks.useLinkToken(body.token_hash, 'confirmation');
    else if (body.email && body.token)
      user = await this.emailLinks.useConfirmationCode(normalizeEmail(body.email), body.token.trim());
    else throw AuthErrors.validation(MESSAGES.auth.verifyTokenRequired);
    return this.startAlone(user, 'otp', client);
  }

  /** "Forgot password": the same empty answer whether or not the address has an account. */
  async recover(body: RecoverBody, redirectTo: string | undefined): Promise<Record<string, never>> {
    if (!body.email) throw AuthErrors.validation(MESSAGES.auth.recoverRequiresEmail);
    const user = await this.users.findByEmail(normalizeEmail(body.email));
    if (user) await this.emailLinks.issue(user, 'recovery', redirectTo);
    return {};
  }

  /** Emails the signed-in user a nonce for `updateUser({ password, nonce })`. */
  async reauthenticate(caller: AuthUser): Promise<Record<string, never>> {
    return this.reauthentication.send(await this.findCaller(caller));
  }

  /**
   * The sign-up's confirmation email again: a new link that replaces the old and carries the same
   * pending password, at most one a minute. The answer is the same empty one whatever the address.
   */
  async resend(body: ResendBody, redirectTo: string | undefined): Promise<Record<string, never>> {
    if (body.type !== 'signup') throw AuthErrors.validation(MESSAGES.auth.resendTypeUnsupported);
    if (!body.email) throw AuthErrors.validation(MESSAGES.auth.resendRequiresEmail);
    const user = await this.users.findByEmail(normalizeEmail(body.email));
    if (user && !user.emailConfirmedAt) await this.emailLinks.reissueConfirmation(user, redirectTo);
    return {};
  }

  async getUser(caller: AuthUser): Promise<GoTrueUser> {
    return this.userView.render(await this.findCaller(caller));
  }

  /**
   * Metadata and password. A new password needs the current one (or the emailed nonce, or a
   * session opened by a reset link within the hour), and the second factor when the account has
   * one; it ends the caller's other sessions, as in Supabase Auth.
   */
  async updateUser(caller: AuthUser, body: UpdateUserBody): Promise<GoTrueUser> {
    const user = await this.findCaller(caller);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
      throw AuthErrors.validation(MESSAGES.auth.emailChangeUnsupported, 422);
    }
    const changes: Parameters<UsersRepository['update']>[1] = {};
    if (body.password !== undefined) {
      const spendNonce = await this.checkMayChangePassword(caller, user, body);
      checkNewPassword(body.password);
      if (await this.hasher.verify(user.encryptedPassword, body.password)) throw AuthErrors.samePassword();
      changes.encryptedPassword = await this.hasher.hash(body.password);
      // Spent last: tries sent together with it were counted while the password was hashed.
      await spendNonce?.();
    }
    if (body.data) changes.userMetadata = mergeMetadata(user.userMetadata, body.data);
    const updated = (await this.users.update(user.id, changes)) ?? user;
    if (changes.encryptedPassword) await this.authSessions.endAllExcept(user.id, caller.sessionId!);
    return this.userView.render(updated);
  }

  /**
   * Who may set a new password: a session that used the second factor when the account has one,
   * and then a reset link's session within the hour, the emailed nonce, or the current password.
   * With the nonce: what spends it once the new password is ready.
   */
  private async checkMayChangePassword(
    caller: AuthUser,
    user: UserRow,
    body: UpdateUserBody,
  ): Promise<(() => Promise<void>) | undefined> {
    if (caller.aal !== 'aal2' && (await this.factors.hasVerified(user.id)))
      throw AuthErrors.insufficientAal(401, MESSAGES.auth.aal2RequiredToUpdate);
    if (caller.recoveredAt && Date.now() / 1000 - caller.recoveredAt < RECOVERY_WINDOW_SECONDS) return;
    if (body.nonce) return this.reauthentication.admit(user, body.nonce);
    if (!body.current_password) throw AuthErrors.currentPasswordRequired();
    if (!(await this.hasher.verify(user.encryptedPassword, body.current_password))) throw AuthErrors.currentPasswordMismatch();
  }

  /**
   * Sign-up with a known address. A confirmed address gets an answer that looks like a fresh
   * sign-up and nothing is sent. An unconfirmed one gets a new link carrying this sign-up's
   * password: whoever confirms sets the password they signed up with, so an earlier sign-up by
   * someone who does not own the address is void.
   */
  private async signUpAgain(existing: UserRow, passwordHash: string, metadata: Record<string, unknown>, redirectTo?: string) {
    if (this.config.AUTH_AUTOCONFIRM) throw AuthErrors.userAlreadyExists();
    if (existing.emailConfirmedAt) return this.userView.stranger(existing.email, metadata);
    return this.userView.render(await this.emailLinks.issue(existing, 'confirmation', redirectTo, passwordHash));
  }

  private async startAlone(user: UserRow, method: 'otp' | 'recovery', client: ClientInfo): Promise<TokenResponse> {
    await this.authSessions.endAll(user.id);
    return this.sessions.start(user, method, client);
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
