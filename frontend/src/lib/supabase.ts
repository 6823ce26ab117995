import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { PublicConfig } from '@vendorwatch/contracts';

/**
 * The auth client exists only once the public config has arrived, so it is created on demand
 * (by the AuthProvider) rather than at import time. Only `supabase.auth` is used: data goes
 * through our own `/api`, never through Supabase's REST or realtime endpoints.
 */
let client: SupabaseClient | null = null;
let authOrigin: { url: string; anonKey: string } | null = null;

export const initSupabase = (config: PublicConfig): SupabaseClient => {
  // Null means the backend's embedded, Supabase-Auth-compatible API on this very origin.
  authOrigin ??= { url: config.supabaseUrl ?? window.location.origin, anonKey: config.supabaseAnonKey };
  // PKCE: a sign-in through the company's identity provider comes back with a code (not tokens in
  // the URL), which this client redeems with the verifier it kept. Password sign-ins are unchanged.
  client ??= createClient(authOrigin.url, authOrigin.anonKey, { auth: { flowType: 'pkce' } });
  return client;
};

/**
 * Calls an auth endpoint supabase-js has no method for (the embedded server's recovery codes) with
 * the signed-in session's token; answers its JSON, or throws its message.
 */
export async function callAuthServer<T>(method: string, path: string): Promise<T> {
  const token = await getAccessToken();
  if (!authOrigin || !token) throw new Error('Sign in again to continue');
  const response = await fetch(`${authOrigin.url}/auth/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, apikey: authOrigin.anonKey },
  });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string; msg?: string };
  if (!response.ok) throw new Error(body.message ?? body.msg ?? `The sign-in server answered ${response.status}`);
  return body;
}

export const getSupabase = (): SupabaseClient => {
  if (!client) throw new Error('The auth client is used before the public config was loaded');
  return client;
};

/** The bearer token for `/api` calls; null before sign-in or before the client exists. */
export const getAccessToken = async (): Promise<string | null> => {
  if (!client) return null;
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
};
