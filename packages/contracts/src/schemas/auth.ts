import { z } from 'zod';
import { LIMITS } from '../limits';
import { formatMessage, MESSAGES } from '../messages';

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
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.totp.digits}}$`), { error: MESSAGES.auth.codeFormat }),
});

/** One signed-in session of the user, as GET /api/account/sessions lists them. */
export interface AccountSession {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  ip: string | null;
  /** aal2 when the session used the second factor. */
  aal: string;
  current: boolean;
}
