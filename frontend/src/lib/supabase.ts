import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { PublicConfig } from '@vendorwatch/contracts';

/**
 * The auth client exists only once the public config has arrived, so it is created on demand
 * (by the AuthProvider) rather than at import time. Only `supabase.auth` is used: data goes
 * through our own `/api`, never through Supabase's REST or realtime endpoints.
 */
let client: SupabaseClient | null = null;

export const initSupabase = (config: PublicConfig): SupabaseClient => {
  // Null means the backend's embedded, Supabase-Auth-compatible API on this very origin.
  client ??= createClient(config.supabaseUrl ?? window.location.origin, config.supabaseAnonKey);
  return client;
};

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
