import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES } from '@vendorwatch/contracts';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';

/** The embedded auth driven by the client the browser uses: @supabase/supabase-js itself. */
describe('@supabase/supabase-js against the embedded auth', () => {
  let t: AuthTestApp;
  let supabase: SupabaseClient;
  const email = 'js-client@example.com';
  const password = 'correct-horse-9';
  const probe = (token: string) => call(t.baseUrl, 'GET', '/api/auth-probe', { token });

  beforeAll(async () => {
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true' });
    supabase = createClient(t.baseUrl, 'anon', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node 20 has no WebSocket and realtime is never opened here; the client only insists on a constructor.
      realtime: { transport: class NoWebSocket {} as never },
    });
  });
  afterAll(() => t.close());

  it('signs up, signs in, gets the user, refreshes and signs out', async () => {
    const signUp = await supabase.auth.signUp({ email, password, options: { data: { name: 'Ada' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toEqual(expect.any(String));
    expect(signUp.data.user).toMatchObject({ email, user_metadata: { name: 'Ada' } });

    const signIn = await supabase.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });

    const { data: fetched, error: getUserError } = await supabase.auth.getUser();
    expect(getUserError).toBeNull();
    expect(fetched.user).toMatchObject({ id: signIn.data.user!.id, email, role: 'authenticated' });
    const { data: claims, error: claimsError } = await supabase.auth.getClaims();
    expect(claimsError).toBeNull();
    expect(claims?.claims).toMatchObject({ sub: signIn.data.user!.id, role: 'authenticated' });

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect((await probe(refreshed.data.session!.access_token)).status).toBe(200);

    expect((await supabase.auth.signOut()).error).toBeNull();
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    const refused = await probe(refreshed.data.session!.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.auth.authenticationRequired);
  });

  it('surfaces a wrong password as "Invalid login credentials" / invalid_credentials', async () => {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Invalid login credentials');
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.status).toBe(400);
  });

  it('surfaces a repeated sign-up, a weak password and a spent refresh token with their codes', async () => {
    const repeat = await supabase.auth.signUp({ email, password });
    expect(repeat.error).toMatchObject({ code: 'user_already_exists', message: MESSAGES.auth.userAlreadyExists, status: 422 });

    const weak = await supabase.auth.signUp({ email: 'weak@example.com', password: '123' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', reasons: ['length'] });

    const { data } = await supabase.auth.signInWithPassword({ email, password });
    await supabase.auth.refreshSession();
    const reused = await supabase.auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(reused.error).toMatchObject({ code: 'refresh_token_already_used', message: MESSAGES.auth.refreshTokenAlreadyUsed });
  });
});
