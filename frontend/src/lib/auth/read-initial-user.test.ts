import { createClient } from '@supabase/supabase-js';
import { MESSAGES } from '@vendorwatch/contracts';
import { describe, expect, it } from 'vitest';
import { fakeSession as session, fakeUser as user } from '@/testing/fake-session';
import { mockFetch } from '@/testing/mock-fetch';
import { readInitialUser } from './read-initial-user';

const STORAGE_KEY = 'vw-test-session';

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
