import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '../supabase';

/**
 * Signing out triggers SIGNED_OUT, which the AuthProvider turns into "clear caches, go to /login".
 * A failure is only logged: there is no message for the user.
 */
export const useLogout = () =>
  useMutation({
    mutationFn: async () => {
      const { error } = await getSupabase().auth.signOut();
      if (error) throw error;
    },
    onError: (error) => console.error('Logout failed', error),
  });
