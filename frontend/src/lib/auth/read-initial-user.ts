import { isAuthApiError, type SupabaseClient, type User } from '@supabase/supabase-js';

/**
 * The start-up check: read the stored session and, if there is one, confirm its user with the
 * server. Failures are only logged (spec section 8) and leave the visitor signed out.
 */
export async function readInitialUser(supabase: SupabaseClient): Promise<User | null> {
  const { data, error } = await supabase.auth.getSession();
  if (error) {
    console.error('Session check failed', error);
    return null;
  }
  if (!data.session) return null;

  const { data: userData, error: userError } = await supabase.auth.getUser();
  if (!userError) return userData.user;
  console.error('Could not load the signed-in user', userError);
  if (isAuthApiError(userError)) {
    // The server rejected the stored token: drop it so /api calls stop sending a dead session.
    await supabase.auth.signOut({ scope: 'local' });
    return null;
  }
  // Offline or server down: trust the stored session rather than signing the user out.
  return data.session.user;
}
