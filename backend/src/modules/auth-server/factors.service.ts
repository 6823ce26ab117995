import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type EnrolledFactor, type IssuedChallenge, type RecoveryCodes } from '@vendorwatch/contracts';
import {
  AuthMfaChallengesRepository,
  AuthMfaFactorsRepository,
  AuthMfaRecoveryCodesRepository,
  UsersRepository,
  type MfaFactorRow,
  type UserRow,
} from '@vendorwatch/db';
import { APP_CONFIG, publicUrl, SecretBox, type AppConfig } from '@vendorwatch/runtime';
import type { AuthUser } from '../../common/auth-user';
import type { EnrollFactorBody, VerifyFactorBody } from './dto/auth.dto';
import { FactorLockout } from './factor-lockout.service';
import { AuthErrors } from './gotrue-error';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeDigest } from './recovery-codes';
import { SessionsService, type TokenResponse } from './sessions.service';
import { matchTotp, newTotpEnrolment } from './totp';

/** Supabase Auth's defaults: enrolments left unverified this long are dropped; at most this many factors. */
const UNVERIFIED_FACTOR_LIFETIME_MS = 24 * 3600 * 1000;
const MAX_FACTORS = 10;

export type { EnrolledFactor, IssuedChallenge };

/**
 * TOTP factors, as Supabase Auth's /factors API runs them: enrol (unverified), challenge, verify
 * (the first correct code verifies the factor; every one raises the session to aal2), unenrol.
 * Beyond Supabase: a verified factor's recovery codes, each accepted once by verify in place of an
 * app code, for the day the phone is lost.
 * Secrets are stored encrypted with the installation's key, like scraping API keys.
 */
@Injectable()
export class FactorsService {
  constructor(
    private readonly factors: AuthMfaFactorsRepository,
    private readonly challenges: AuthMfaChallengesRepository,
    private readonly recoveryCodes: AuthMfaRecoveryCodesRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly lockout: FactorLockout,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async enroll(caller: AuthUser, body: EnrollFactorBody): Promise<EnrolledFactor> {
    if (body.factor_type === 'phone' || body.factor_type === 'webauthn') throw AuthErrors.factorTypeDisabled(body.factor_type);
    if (body.factor_type !== 'totp') throw AuthErrors.validation(MESSAGES.auth.factorTypeInvalid);
    const user = await this.findCaller(caller);
    const friendlyName = body.friendly_name ?? '';
    await this.factors.deleteUnverifiedCreatedBefore(user.id, new Date(Date.now() - UNVERIFIED_FACTOR_LIFETIME_MS));
    // A set-up abandoned under this name is replaced, as Supabase Auth does; a verified factor keeps its name.
    const sameName = (factor: MfaFactorRow) => (factor.friendlyName ?? '') === friendlyName;
    const all = await this.factors.listByUser(user.id);
    if (all.some((factor) => sameName(factor) && isVerified(factor))) throw AuthErrors.factorNameConflict(friendlyName);
    const abandoned = all.filter(sameName);
    const others = all.filter((factor) => !sameName(factor));
    if (others.length >= MAX_FACTORS) throw AuthErrors.tooManyFactors();
    if (others.some(isVerified) && caller.aal !== 'aal2')
      throw AuthErrors.insufficientAal(403, MESSAGES.auth.aal2RequiredToEnroll);

    const issuer = body.issuer || new URL(publicUrl(this.config)).host;
    const enrolment = await newTotpEnrolment(issuer, user.email);
    for (const factor of abandoned) await this.factors.deleteUnverified(user.id, factor.id);
    const factor = await this.factors.create({
      userId: user.id,
      friendlyName,
      factorType: 'totp',
      secret: this.secrets.encrypt(enrolment.secret),
    });
    return {
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: enrolment.qrCodeSvg, secret: enrolment.secret, uri: enrolment.uri },
    };
  }

  async challenge(caller: AuthUser, factorId: string, ip: string | undefined): Promise<IssuedChallenge> {
    const factor = await this.findFactor(caller, factorId);
    const challenge = await this.challenges.create(factor.id, ip ?? null);
    const expiresAt = Math.floor(challenge.createdAt.getTime() / 1000) + this.config.AUTH_MFA_CHALLENGE_EXPIRY_SECONDS;
    return { id: challenge.id, type: factor.factorType, expires_at: expiresAt };
  }

  /**
   * The challenge works once and only before it expires; the code works once (a TOTP code's time step
   * is recorded, and a code of that step or an earlier one is refused from then on; a recovery code is
   * marked used). Wrong codes are bounded per challenge and per factor (FactorLockout); a code typed
   * twice counts as a wrong one but is answered as what it is.
   */
  async verify(caller: AuthUser, factorId: string, body: VerifyFactorBody, ip: string | undefined): Promise<TokenResponse> {
    const factor = await this.findFactor(caller, factorId);
    if (!body.code) throw AuthErrors.validation(MESSAGES.auth.codeRequired);
    const challenge =
      body.challenge_id && isUuid(body.challenge_id) ? await this.challenges.find(factor.id, body.challenge_id) : undefined;
    if (!challenge || challenge.verifiedAt) throw AuthErrors.challengeNotFound();
    const expiresBefore = new Date(Date.now() - this.config.AUTH_MFA_CHALLENGE_EXPIRY_SECONDS * 1000);
    if (challenge.createdAt <= expiresBefore) throw AuthErrors.challengeExpired(challenge.id);

    const owner = await this.findCaller(caller);
    const admission = await this.lockout.admit(factor, challenge.id, ip, owner);
    const refusal = await this.useCode(factor, body.code.trim());
    if (refusal) {
      await this.lockout.rejected(factor, admission, owner);
      throw refusal;
    }
    await this.lockout.accepted(factor);
    if (!(await this.challenges.markVerified(challenge.id, expiresBefore))) throw AuthErrors.challengeNotFound();
    if (!isVerified(factor)) await this.factors.markVerified(factor.userId, factor.id);
    return this.sessions.raiseToAal2(owner, caller.sessionId!, 'totp');
  }

  /**
   * Ten new recovery codes for a verified factor, answered this once (only digests are kept); the
   * factor's earlier codes stop working. Needs a session that used a second factor (aal2).
   */
  async issueRecoveryCodes(caller: AuthUser, factorId: string): Promise<RecoveryCodes> {
    const factor = await this.findFactor(caller, factorId);
    if (caller.aal !== 'aal2') throw AuthErrors.insufficientAal(403, MESSAGES.auth.aal2RequiredForRecoveryCodes);
    if (!isVerified(factor)) throw AuthErrors.recoveryCodesNeedVerifiedFactor();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.recoveryCodes.replace(
      factor.id,
      codes.map((code) => recoveryCodeDigest(code)!),
    );
    return { codes };
  }

  /** Uses the code (an app code or a recovery code): undefined when it was accepted, else the answer to give. */
  private async useCode(factor: MfaFactorRow, code: string) {
    const recoveryDigest = recoveryCodeDigest(code);
    if (recoveryDigest !== undefined) {
      const used = isVerified(factor) && (await this.recoveryCodes.consume(factor.id, recoveryDigest));
      return used ? undefined : AuthErrors.invalidRecoveryCode();
    }
    const step = await matchTotp(this.secrets.decrypt(factor.secret ?? ''), code);
    if (step === undefined) return AuthErrors.mfaVerificationFailed();
    // The step is recorded in one statement: of two requests with the same code, one gets in.
    return (await this.factors.acceptTimeStep(factor.id, step)) ? undefined : AuthErrors.totpCodeReused();
  }

  /** Removing a verified factor needs a session that used one (aal2). */
  async unenroll(caller: AuthUser, factorId: string): Promise<{ id: string }> {
    const factor = await this.findFactor(caller, factorId);
    if (isVerified(factor) && caller.aal !== 'aal2') throw AuthErrors.insufficientAal(422, MESSAGES.auth.aal2RequiredToUnenroll);
    await this.factors.delete(caller.id, factor.id);
    return { id: factor.id };
  }

  /** Another user's factor is answered like one that does not exist. */
  private async findFactor(caller: AuthUser, factorId: string): Promise<MfaFactorRow> {
    const factor = isUuid(factorId) ? await this.factors.findOwned(caller.id, factorId) : undefined;
    if (!factor || factor.factorType !== 'totp') throw AuthErrors.factorNotFound();
    return factor;
  }

  private async findCaller(caller: AuthUser): Promise<UserRow> {
    const user = await this.users.findById(caller.id);
    if (!user) throw AuthErrors.userNotFound();
    return user;
  }
}

const isVerified = (factor: MfaFactorRow) => factor.status === 'verified';
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
