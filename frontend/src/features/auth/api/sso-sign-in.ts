import { useMutation } from '@tanstack/react-query';
import { OIDC_PROVIDER } from '@vendorwatch/contracts';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';

/**
 * Sends the browser to the company's identity provider through the auth server's /authorize
 * (supabase-js keeps the PKCE verifier); the provider sends it back to the sign-in page with a code,
 * which supabase-js redeems on load, or with `error_description`, which the page shows.
 */
export const signInWithSso = async () => {
  const redirectTo = new URL(paths.auth.login.getHref(), window.location.origin).toString();
  // 'oidc' is the embedded auth's generic provider; supabase-js's type lists only named ones.
  const { data, error } = await getSupabase().auth.signInWithOAuth({ provider: OIDC_PROVIDER as never, options: { redirectTo } });
  if (error) throw error;
  return data;
};

export const useSsoSignIn = () => useMutation({ mutationFn: signInWithSso });
