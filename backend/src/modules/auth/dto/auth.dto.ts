import { z } from 'zod';

const text = z.string().optional();
const metadata = z.record(z.string(), z.unknown()).nullish();

/** Bodies and queries of /auth/v1, as auth-js sends them (fields it sends that we ignore are dropped). */
export const signUpBody = z.object({ email: text, password: text, data: metadata });
export type SignUpBody = z.infer<typeof signUpBody>;

export const tokenBody = z.object({ email: text, password: text, refresh_token: text });
export type TokenBody = z.infer<typeof tokenBody>;

export const verifyBody = z.object({ type: text, token_hash: text, token: text, email: text });
export type VerifyBody = z.infer<typeof verifyBody>;

export const verifyLinkQuery = z.object({ type: text, token: text, redirect_to: text });
export type VerifyLinkQuery = z.infer<typeof verifyLinkQuery>;

export const updateUserBody = z.object({ email: text, password: text, data: metadata });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
