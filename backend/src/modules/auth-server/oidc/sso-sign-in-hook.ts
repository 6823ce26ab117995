import type { UserRow } from '@vendorwatch/db';

/**
 * What else happens at each SSO sign-in: the SSO module sets the person's membership of linked
 * workspaces from the groups claim. A token, so the auth server does not depend on workspaces (an
 * app without the SSO module, such as the auth-only test app, signs in without it).
 */
export const SSO_SIGN_IN_HOOK = Symbol('SSO_SIGN_IN_HOOK');

export interface SsoSignInHook {
  afterSignIn(user: UserRow, claims: Record<string, unknown>, clientAddress: string | null): Promise<void>;
}
