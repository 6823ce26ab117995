import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { QueryConfig } from '@/lib/react-query';

/** The user's MFA factors, from the auth server (the hosted project's too). */
export const getFactors = async () => {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data;
};

export const getFactorsQueryOptions = () => queryOptions({ queryKey: ['account', 'factors'], queryFn: getFactors, staleTime: 0 });

export const useFactors = ({ queryConfig }: { queryConfig?: QueryConfig<typeof getFactorsQueryOptions> } = {}) =>
  useQuery({ ...getFactorsQueryOptions(), ...queryConfig });
