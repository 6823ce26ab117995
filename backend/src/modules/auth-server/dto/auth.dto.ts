import { formatMessage, LIMITS } from '@vendorwatch/contracts';
import { z } from 'zod';

/**
 * Bodies and queries of /auth/v1, as auth-js sends them (fields it sends that we ignore are
 * dropped). Types and lengths only: the rules and their messages live in the services, as in
 * Supabase Auth. Every string is bounded, so no input reaches the database or argon2 unbounded.
 */
const text = (field: string, max: number) =>
  z
    .string()
    .max(max, { error: formatMessage.inputTooLong(field, max) })
    .optional();

const email = text('email', LIMITS.auth.emailMaxLength);
// Longer than the password rule allows, so a too-long new password still gets Supabase Auth's own answer.
const password = (field: string) => text(field, LIMITS.password.maxLength + 1);
const token = (field: string) => text(field, LIMITS.auth.tokenMaxLength);
const redirectTo = text('redirect_to', 2048);
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .refine((value) => value == null || JSON.stringify(value).length <= LIMITS.auth.metadataMaxBytes, {
    error: formatMessage.inputTooLong('data', LIMITS.auth.metadataMaxBytes),
  });

export const signUpBody = z.object({ email, password: password('password'), data: metadata });
export type SignUpBody = z.infer<typeof signUpBody>;

export const tokenBody = z.object({
  email,
  password: password('password'),
  refresh_token: token('refresh_token'),
  /** grant_type=pkce: the code an external provider's sign-in sent the app back with, and the app's verifier. */
  auth_code: token('auth_code'),
  code_verifier: token('code_verifier'),
});
export type TokenBody = z.infer<typeof tokenBody>;

export const verifyBody = z.object({ type: token('type'), token_hash: token('token_hash'), token: token('token'), email });
export type VerifyBody = z.infer<typeof verifyBody>;

export const verifyLinkQuery = z.object({ type: token('type'), token: token('token'), redirect_to: redirectTo });
export type VerifyLinkQuery = z.infer<typeof verifyLinkQuery>;

export const updateUserBody = z.object({
  email,
  password: password('password'),
  current_password: password('current_password'),
  /** The code reauthenticate() emailed, instead of the current password. */
  nonce: token('nonce'),
  data: metadata,
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const recoverBody = z.object({ email });
export type RecoverBody = z.infer<typeof recoverBody>;

export const resendBody = z.object({ email, type: token('type') });
export type ResendBody = z.infer<typeof resendBody>;

export const redirectQuery = z.object({ redirect_to: redirectTo });

/** GET /authorize, as supabase-js's signInWithOAuth builds it. */
export const authorizeQuery = z.object({
  provider: token('provider'),
  redirect_to: redirectTo,
  code_challenge: token('code_challenge'),
  code_challenge_method: token('code_challenge_method'),
  scopes: text('scopes', 1024),
});
export type AuthorizeQuery = z.infer<typeof authorizeQuery>;

/** GET /callback, as the provider sends the person back. */
export const callbackQuery = z.object({
  state: token('state'),
  code: text('code', 4096),
  error: token('error'),
  error_description: text('error_description', 2048),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;
export type RedirectQuery = z.infer<typeof redirectQuery>;

export const enrollFactorBody = z.object({
  factor_type: token('factor_type'),
  friendly_name: text('friendly_name', LIMITS.auth.friendlyNameMaxLength),
  issuer: text('issuer', LIMITS.auth.friendlyNameMaxLength),
});
export type EnrollFactorBody = z.infer<typeof enrollFactorBody>;

export const challengeFactorBody = z.object({ channel: token('channel') });

export const verifyFactorBody = z.object({ challenge_id: token('challenge_id'), code: token('code') });
export type VerifyFactorBody = z.infer<typeof verifyFactorBody>;
