import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

export interface RegisterInput {
  email: string;
  password: string;
}

export const register = async ({ email, password }: RegisterInput) => {
  const { data, error } = await getSupabase().auth.signUp({
    email,
    password,
    // The confirmation e-mail links back to this app, wherever it is deployed.
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
  return data;
};

export const useRegister = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof register> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: register });
