import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

export interface LoginInput {
  email: string;
  password: string;
}

/** Throws supabase's own error so the form can show its text (the sign-in form shows the auth server's own words). */
export const login = async (input: LoginInput) => {
  const { data, error } = await getSupabase().auth.signInWithPassword(input);
  if (error) throw error;
  return data;
};

// Success needs no handler here: SIGNED_IN reaches the AuthProvider, which goes to the dashboard.
export const useLogin = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: login });
