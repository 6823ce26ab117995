import { LIMITS, MESSAGES } from '@vendorwatch/contracts';
import { z } from 'zod';
import { AuthErrors } from './gotrue-error';

/** Long enough for any passphrase, short enough that hashing it cannot be used to load the server. */
const PASSWORD_MAX_LENGTH = 1024;
const EMAIL_MAX_LENGTH = 255;
const emailFormat = z.email();

/** Emails are compared and stored lower-cased and trimmed, as Supabase Auth does. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH || !emailFormat.safeParse(email).success) {
    throw AuthErrors.validation(MESSAGES.auth.invalidEmailFormat);
  }
  return email;
}

/** The password rules of sign-up and password change (Supabase Auth's answers for each). */
export function checkNewPassword(password: string): void {
  if (password.length < LIMITS.password.minLength) throw AuthErrors.weakPassword();
  if (password.length > PASSWORD_MAX_LENGTH) throw AuthErrors.validation(MESSAGES.auth.passwordTooLong, 422);
}
