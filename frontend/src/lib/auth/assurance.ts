import type { Session } from '@supabase/supabase-js';

/** The claims of an access token (read, not verified: the server verifies it on every call). */
const claimsOf = (accessToken: string): Record<string, unknown> => {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * True when the account has a verified second factor but this session has not used it (aal1):
 * the app shows the code step and nothing else, as the API refuses everything else. The same
 * rule as supabase-js's getAuthenticatorAssuranceLevel(), read synchronously from the session.
 */
export function needsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const hasVerifiedFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return hasVerifiedFactor && claimsOf(session.access_token).aal !== 'aal2';
}
