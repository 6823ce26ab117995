import { createHash } from 'node:crypto';
import { sameSecret } from '../opaque-tokens';

/** The app's PKCE check (RFC 7636): its verifier must be the one its challenge was made from. */
export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return sameSecret(expected, challenge);
}
