import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../supabase';
import { needsSecondFactor } from './assurance';

/**
 * Signing out triggers SIGNED_OUT, which the AuthProvider turns into "clear caches, go to /login".
 * A session that has not entered its second factor yet ends only itself: the server lets only a
 * session that used the factor end the others. A failure is only logged: there is no message for the user.
 */
export const useLogout = () =>
  useMutation({
    mutationFn: async () => {
      const supabase = getSupabase();
      const { data } = await supabase.auth.getSession();
      const { error } = await supabase.auth.signOut(needsSecondFactor(data.session) ? { scope: 'local' } : undefined);
      if (error) throw error;
    },
    onError: (error) => console.error('Logout failed', error),
  });
