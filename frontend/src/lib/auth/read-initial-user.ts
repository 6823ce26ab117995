import { isAuthApiError, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { needsSecondFactor } from './assurance';

export interface InitialAuth {
  user: User | null;
  secondFactorPending: boolean;
}

const signedOut: InitialAuth = { user: null, secondFactorPending: false };
const from = (user: User, session: Session): InitialAuth => ({
  user,
  secondFactorPending: needsSecondFactor({ ...session, user }),
});

/**
 * The start-up check: read the stored session and, if there is one, confirm its user with the
 * server. Failures are only logged and leave the visitor signed out.
 */
export async function readInitialUser(supabase: SupabaseClient): Promise<InitialAuth> {
  const { data, error } = await supabase.auth.getSession();
  if (error) {
    console.error('Session check failed', error);
    return signedOut;
  }
  if (!data.session) return signedOut;

  const { data: userData, error: userError } = await supabase.auth.getUser();
  if (!userError) return from(userData.user, data.session);
  console.error('Could not load the signed-in user', userError);
  if (isAuthApiError(userError)) {
    // The server rejected the stored token: drop it so /api calls stop sending a dead session.
    await supabase.auth.signOut({ scope: 'local' });
    return signedOut;
  }
  // Offline or server down: trust the stored session rather than signing the user out.
  return from(data.session.user, data.session);
}
