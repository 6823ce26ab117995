import { formatMessage, MESSAGES } from '@vendorwatch/contracts';

/**
 * An error of the /auth/v1 API, answered in Supabase Auth's shape: auth-js turns `code` into
 * `error.code` and the message into `error.message`, so the browser shows these texts as they are.
 */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields of the body, e.g. `weak_password` with its reasons. */
    readonly extra: Record<string, unknown> = {},
    /** A 429's `Retry-After`, when it is known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GoTrueError';
  }
}

const m = MESSAGES.auth;

/** Every error the embedded auth answers with, named by what happened. */
export const AuthErrors = {
  validation: (message: string, status = 400) => new GoTrueError(status, 'validation_failed', message),
  invalidCredentials: () => new GoTrueError(400, 'invalid_credentials', m.invalidCredentials),
  emailNotConfirmed: () => new GoTrueError(400, 'email_not_confirmed', m.emailNotConfirmed),
  userAlreadyExists: () => new GoTrueError(422, 'user_already_exists', m.userAlreadyExists),
  weakPassword: () => new GoTrueError(422, 'weak_password', m.weakPassword, { weak_password: { reasons: ['length'] } }),
  samePassword: () => new GoTrueError(422, 'same_password', m.samePassword),
  refreshTokenNotFound: () => new GoTrueError(400, 'refresh_token_not_found', m.refreshTokenNotFound),
  refreshTokenAlreadyUsed: () => new GoTrueError(400, 'refresh_token_already_used', m.refreshTokenAlreadyUsed),
  otpExpired: () => new GoTrueError(403, 'otp_expired', m.otpExpired),
  /** The same failure as `otpExpired`, worded for someone who clicked a link. */
  emailLinkInvalid: () => new GoTrueError(403, 'otp_expired', m.tokenExpiredOrInvalid),
  noAuthorization: () => new GoTrueError(401, 'no_authorization', m.bearerRequired),
  badJwt: () => new GoTrueError(403, 'bad_jwt', m.invalidJwt),
  sessionNotFound: () => new GoTrueError(403, 'session_not_found', m.sessionNotFound),
  userNotFound: () => new GoTrueError(404, 'user_not_found', m.userNotFound),
  rateLimited: () => new GoTrueError(429, 'over_request_rate_limit', m.rateLimited),
  emailSendTooSoon: (seconds: number) =>
    new GoTrueError(429, 'over_email_send_rate_limit', formatMessage.emailSendTooSoon(seconds)),
  emailSendFailed: () => new GoTrueError(500, 'unexpected_failure', m.emailSendFailed),
  unexpected: () => new GoTrueError(500, 'unexpected_failure', m.unexpectedFailure),
  unavailable: () => new GoTrueError(503, 'unexpected_failure', MESSAGES.generic.databaseUnavailable),
  sessionExpired: (message: string) => new GoTrueError(400, 'session_expired', message),
  currentPasswordRequired: () => new GoTrueError(400, 'current_password_required', m.currentPasswordRequired),
  currentPasswordMismatch: () => new GoTrueError(400, 'current_password_mismatch', m.currentPasswordRequired),
  reauthenticationNotValid: () => new GoTrueError(400, 'reauthentication_not_valid', m.invalidNonce),
  insufficientAal: (status: number, message: string) => new GoTrueError(status, 'insufficient_aal', message),
  flowStateNotFound: () => new GoTrueError(404, 'flow_state_not_found', MESSAGES.sso.authCodeInvalid),
  badCodeVerifier: () => new GoTrueError(403, 'bad_code_verifier', MESSAGES.sso.codeVerifierMismatch),
  factorNotFound: () => new GoTrueError(404, 'mfa_factor_not_found', m.factorNotFound),
  factorNameConflict: (name: string) => new GoTrueError(422, 'mfa_factor_name_conflict', formatMessage.factorNameConflict(name)),
  tooManyFactors: () => new GoTrueError(422, 'too_many_enrolled_mfa_factors', m.tooManyFactors),
  factorTypeDisabled: (type: 'phone' | 'webauthn') =>
    new GoTrueError(
      422,
      `mfa_${type}_enroll_not_enabled`,
      formatMessage.factorTypeDisabled(type === 'phone' ? 'Phone' : 'WebAuthn'),
    ),
  challengeNotFound: () => new GoTrueError(422, 'mfa_factor_not_found', m.challengeNotFound),
  challengeExpired: (id: string) => new GoTrueError(422, 'mfa_challenge_expired', formatMessage.challengeExpired(id)),
  mfaVerificationFailed: () => new GoTrueError(422, 'mfa_verification_failed', m.invalidTotp),
  /** The right code, but its step was used already: the person typed it twice, nothing was guessed. */
  totpCodeReused: () => new GoTrueError(422, 'mfa_verification_failed', m.totpCodeReused),
  recoveryCodesNeedVerifiedFactor: () => new GoTrueError(422, 'mfa_factor_not_verified', m.recoveryCodesNeedVerifiedFactor),
  invalidRecoveryCode: () => new GoTrueError(422, 'mfa_verification_failed', m.invalidRecoveryCode),
  /** Supabase Auth answers every limit it enforces with 429 `over_request_rate_limit`. */
  challengeAttemptsExhausted: () => new GoTrueError(429, 'over_request_rate_limit', m.challengeAttemptsExhausted),
  factorLocked: (retryAfterSeconds: number) =>
    new GoTrueError(
      429,
      'over_request_rate_limit',
      formatMessage.factorLocked(Math.ceil(retryAfterSeconds / 60)),
      {},
      retryAfterSeconds,
    ),
};
