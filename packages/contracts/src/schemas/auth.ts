import { z } from 'zod';
import { LIMITS } from '../limits';
import { formatMessage, MESSAGES } from '../messages';
import { isoDateTime } from './common';

export const emailSchema = z
  .string({ error: MESSAGES.auth.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.auth.emailRequired })
  .max(LIMITS.auth.emailMaxLength, { error: formatMessage.inputTooLong('Email', LIMITS.auth.emailMaxLength) })
  .pipe(z.email({ error: MESSAGES.auth.invalidEmail }));

export const passwordSchema = z
  .string({ error: MESSAGES.auth.passwordTooShort })
  .min(LIMITS.password.minLength, { error: MESSAGES.auth.passwordTooShort })
  .max(LIMITS.password.maxLength, { error: MESSAGES.auth.passwordTooLong });

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, { error: 'Password is required' })
    .max(LIMITS.password.maxLength, { error: MESSAGES.auth.passwordTooLong }),
});

const matchingPasswords = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const passwordsMatch = { error: MESSAGES.auth.passwordsDoNotMatch, path: ['confirmPassword'] };

export const registerSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine(matchingPasswords, passwordsMatch);
export type RegisterInput = z.input<typeof registerSchema>;

/** "Forgot password?": the address to send the reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The page the reset link opens: a new password, twice. */
export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine(matchingPasswords, passwordsMatch);

/** Changing the password from the account page: the current one proves it is the user. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: MESSAGES.auth.currentPasswordNeeded })
      .max(LIMITS.password.maxLength, { error: MESSAGES.auth.passwordTooLong }),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine(matchingPasswords, passwordsMatch);

/** A code from an authenticator app. */
/** The sign-in code step: an app's code, or one of the factor's recovery codes (`xxxx-xxxx-xxxx-xxxx`). */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z2-9]{4}-?[a-z2-9]{4}-?[a-z2-9]{4}-?[a-z2-9]{4}$/i, { error: MESSAGES.auth.recoveryCodeFormat }),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.totp.digits}}$`), { error: MESSAGES.auth.codeFormat }),
});

/** One signed-in session of the user, as GET /api/account/sessions lists them. */
export const accountSessionSchema = z
  .object({
    id: z.uuid(),
    createdAt: isoDateTime,
    lastActiveAt: isoDateTime,
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    /** aal2 when the session used the second factor. */
    aal: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.output<typeof accountSessionSchema>;

// The embedded auth server's answers (/auth/v1), in Supabase Auth's shapes: auth-js reads them.

/** Errors of /auth/v1, in Supabase Auth's shape (auth-js reads `code` and `message`). */
export const authErrorSchema = z
  .object({
    code: z.string(),
    error_code: z.string(),
    message: z.string(),
    msg: z.string(),
    weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
  })
  .meta({ id: 'AuthError' });
export type AuthErrorBody = z.output<typeof authErrorSchema>;

const metadata = z.record(z.string(), z.unknown());

/** A user as Supabase Auth answers it (auth-js's `User`). Absent timestamps are left out, as there. */
export const goTrueUserSchema = z
  .object({
    id: z.uuid(),
    aud: z.string(),
    role: z.string(),
    email: z.string(),
    phone: z.string(),
    email_confirmed_at: isoDateTime.optional(),
    confirmed_at: isoDateTime.optional(),
    confirmation_sent_at: isoDateTime.optional(),
    last_sign_in_at: isoDateTime.optional(),
    app_metadata: metadata,
    user_metadata: metadata,
    identities: z.array(metadata),
    factors: z.array(metadata).optional(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
    is_anonymous: z.boolean(),
  })
  .meta({ id: 'AuthUser' });
export type GoTrueUser = z.output<typeof goTrueUserSchema>;

/** Supabase Auth's answer to every grant: auth-js keeps it as the session. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    expires_at: z.number().int(),
    refresh_token: z.string(),
    user: goTrueUserSchema,
  })
  .meta({ id: 'AuthSession' });
export type TokenResponse = z.output<typeof tokenResponseSchema>;

/** A TOTP factor just enrolled (unverified): the secret and the QR code to scan, shown this once. */
export const enrolledFactorSchema = z
  .object({
    id: z.uuid(),
    type: z.literal('totp'),
    friendly_name: z.string(),
    totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
  })
  .meta({ id: 'EnrolledFactor' });
export type EnrolledFactor = z.output<typeof enrolledFactorSchema>;

/** A verified factor's recovery codes, shown this once: each signs in once in place of an app code. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;

export const mfaChallengeSchema = z
  .object({ id: z.uuid(), type: z.string(), expires_at: z.number().int() })
  .meta({ id: 'MfaChallenge' });
export type IssuedChallenge = z.output<typeof mfaChallengeSchema>;

export const jwksSchema = z
  .object({ keys: z.array(z.record(z.string(), z.unknown())) })
  .meta({ id: 'Jwks', description: 'The public keys access tokens are signed with (ES256).' });
