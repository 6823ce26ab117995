import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A secret handed to a client (refresh token, email link token): 256 random bits. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of such a secret, so a copy of the database cannot be replayed. */
export const digestOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The six-digit code an email carries beside (or instead of) its link, derived from the token's
 * digest: the database needs nothing more, and whoever holds the code proves they read the email.
 */
export function emailCodeOf(digest: string): string {
  const number = parseInt(createHash('sha256').update(`code:${digest}`).digest('hex').slice(0, 12), 16) % 1_000_000;
  return number.toString().padStart(6, '0');
}

/** Compares a secret with what a client sent in constant time. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
