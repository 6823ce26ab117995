import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthMfaChallengesRepository, AuthMfaFactorsRepository, type MfaFactorRow, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { AuthMailer } from './auth-mailer';
import { AuthErrors } from './gotrue-error';

/** A code let through to be checked: how many the factor has had within the window, this one included. */
export interface CodeAdmission {
  recent: number;
}

/**
 * Bounds guessing of a second factor, whatever the client address (the per-address rate limit
 * alone let 120 guesses through from 4 addresses): a challenge takes AUTH_MFA_CHALLENGE_MAX_FAILURES
 * codes, and a factor that gets AUTH_MFA_FACTOR_MAX_FAILURES wrong codes within the window accepts
 * none, the right one included, for AUTH_MFA_FACTOR_LOCK_SECONDS; its owner is told by email.
 * Every code is counted before it is checked, so codes sent at the same moment cannot outrun the count.
 */
@Injectable()
export class FactorLockout {
  private readonly logger = new Logger('FactorLockout');

  constructor(
    private readonly factors: AuthMfaFactorsRepository,
    private readonly challenges: AuthMfaChallengesRepository,
    private readonly mailer: AuthMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Lets one code of this challenge be checked, or answers 429 (factor locked, challenge spent). */
  async admit(factor: MfaFactorRow, challengeId: string, ip: string | undefined, owner: UserRow): Promise<CodeAdmission> {
    this.refuseWhileLocked(factor.lockedUntil);
    if (!(await this.challenges.claimAttempt(challengeId, this.config.AUTH_MFA_CHALLENGE_MAX_FAILURES))) {
      throw AuthErrors.challengeAttemptsExhausted();
    }
    const reserved = await this.factors.reserveCodeAttempt(factor.id, ip ?? null, this.windowStart());
    if (!reserved) return this.refuseLocked(factor, owner);
    // Others' codes in flight took the last places: this one is not checked.
    if (reserved.recent > this.config.AUTH_MFA_FACTOR_MAX_FAILURES) await this.lock(factor, owner, reserved.recent - 1);
    return reserved;
  }

  /** The code was wrong; the one that reaches the limit locks the factor (and answers so). */
  async rejected(factor: MfaFactorRow, admission: CodeAdmission, owner: UserRow): Promise<void> {
    if (admission.recent >= this.config.AUTH_MFA_FACTOR_MAX_FAILURES) await this.lock(factor, owner, admission.recent);
  }

  /** The code was right: the count of wrong ones starts again. */
  accepted(factor: MfaFactorRow): Promise<void> {
    return this.factors.forgetCodeAttempts(factor.id);
  }

  /** Locks the factor (the request that does tells its owner) and answers 429. */
  private async lock(factor: MfaFactorRow, owner: UserRow, failures: number): Promise<never> {
    const lockedUntil = new Date(Date.now() + this.config.AUTH_MFA_FACTOR_LOCK_SECONDS * 1000);
    const addresses = await this.factors.lock(factor.id, lockedUntil, this.windowStart());
    if (!addresses) return this.refuseLocked(factor, owner); // another request locked it a moment ago
    this.logger.warn(`MFA factor ${factor.id} locked after ${failures} wrong codes`);
    // Sent after the answer, like every auth email: its delivery neither delays nor fails the request.
    this.mailer
      .send({
        kind: 'factor-locked',
        to: owner.email,
        factorName: factor.friendlyName ?? '',
        failures,
        windowSeconds: this.config.AUTH_MFA_FACTOR_FAILURE_WINDOW_SECONDS,
        lockedUntil,
        addresses,
      })
      .catch((error: unknown) => this.logger.error(`The lock warning to ${owner.email} failed: ${String(error)}`));
    throw AuthErrors.factorLocked(secondsUntil(lockedUntil));
  }

  /** The factor was locked by another request: answered with that lock's end. */
  private async refuseLocked(factor: MfaFactorRow, owner: UserRow): Promise<never> {
    const current = await this.factors.findOwned(owner.id, factor.id);
    const fallback = new Date(Date.now() + this.config.AUTH_MFA_FACTOR_LOCK_SECONDS * 1000);
    throw AuthErrors.factorLocked(secondsUntil(current?.lockedUntil ?? fallback));
  }

  private windowStart(): Date {
    return new Date(Date.now() - this.config.AUTH_MFA_FACTOR_FAILURE_WINDOW_SECONDS * 1000);
  }

  private refuseWhileLocked(lockedUntil: Date | null): void {
    if (lockedUntil && lockedUntil.getTime() > Date.now()) throw AuthErrors.factorLocked(secondsUntil(lockedUntil));
  }
}

const secondsUntil = (time: Date) => Math.max(1, Math.ceil((time.getTime() - Date.now()) / 1000));
