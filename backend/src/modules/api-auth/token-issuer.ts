import { publicUrl, type AppConfig } from '@vendorwatch/runtime';

/** The `iss` of access tokens: the hosted project's auth URL, or this server's own /auth/v1. */
export function tokenIssuer(config: AppConfig): string {
  const base = config.SUPABASE_URL ? config.SUPABASE_URL.replace(/\/+$/, '') : publicUrl(config);
  return `${base}/auth/v1`;
}
