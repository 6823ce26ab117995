import { createClient } from '@supabase/supabase-js';
import { MESSAGES } from '@vendorwatch/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { readInitialUser } from './read-initial-user';

/** An unsigned token with the claims supabase-js reads; nothing in the browser verifies it. */
const fakeJwt = (claims: Record<string, unknown>) => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'ES256', typ: 'JWT' })}.${encode(claims)}.signature`;
};

const STORAGE_KEY = 'vw-test-session';
const user = {
  id: 'user-1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ann@example.com',
  app_metadata: {},
  user_metadata: {},
};
const expiresAt = Math.floor(Date.now() / 1000) + 3600;
const session = {
  access_token: fakeJwt({ sub: user.id, aud: 'authenticated', role: 'authenticated', exp: expiresAt, session_id: 's1' }),
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: expiresAt,
  user,
};

/** A client whose stored session is already there, as after a reload. */
const signedInClient = () => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return createClient('http://localhost', 'anon-key', {
    auth: { storageKey: STORAGE_KEY, storage: localStorage, autoRefreshToken: false, detectSessionInUrl: false },
  });
};

describe('the start-up session check', () => {
  it('keeps the session when the server answers 503 (the database is down, not the token)', async () => {
    mockFetch({
      'GET /auth/v1/user': { status: 503, body: { code: 503, msg: MESSAGES.generic.databaseUnavailable } },
    });
    const supabase = signedInClient();

    const initial = await readInitialUser(supabase);

    expect(initial.user?.id).toBe(user.id);
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();
  });

  it('signs out locally when the server refuses the token (401)', async () => {
    mockFetch({
      'GET /auth/v1/user': { status: 401, body: { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' } },
    });
    const supabase = signedInClient();

    const initial = await readInitialUser(supabase);

    expect(initial.user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
