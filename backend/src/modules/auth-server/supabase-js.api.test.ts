import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { generate } from 'otplib';
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

  it('enrolls, challenges and verifies a TOTP factor through auth.mfa, reaching aal2', async () => {
    const mfaEmail = 'js-mfa@example.com';
    expect((await supabase.auth.signUp({ email: mfaEmail, password })).error).toBeNull();

    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(enrolled.data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    const factorId = enrolled.data!.id;

    const challenge = await supabase.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });

    const code = await generate({ secret: enrolled.data!.totp.secret });
    const verified = await supabase.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();

    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.error).toBeNull();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(level.data!.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toContain(
      'totp',
    );
    const factors = await supabase.auth.mfa.listFactors();
    expect(factors.data?.totp).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    const { data: session } = await supabase.auth.getSession();
    expect((await probe(session.session!.access_token)).status).toBe(200);

    // Signed in again with the password alone: aal1 now, aal2 next.
    await supabase.auth.signOut({ scope: 'local' });
    await supabase.auth.signInWithPassword({ email: mfaEmail, password });
    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const wrong = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', message: MESSAGES.auth.invalidTotp });
  });

  it('removes a factor through auth.mfa.unenroll(), as the Security page does', async () => {
    expect((await supabase.auth.signUp({ email: 'js-unenroll@example.com', password })).error).toBeNull();
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const factorId = enrolled.data!.id;
    const code = await generate({ secret: enrolled.data!.totp.secret });
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();

    const removed = await supabase.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    const { data: user } = await supabase.auth.getUser();
    expect(user.user?.factors ?? []).toEqual([]);
  });
});
