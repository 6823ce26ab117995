import { MESSAGES } from '@vendorwatch/contracts';
import { refreshTokens, users } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { firstLink, type CaughtMail, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { MAILED_SITE, startMailingAuthTestApp, type MailingAuthTestApp } from '../../testing/auth-test-app';
import { call, jwtClaims, jwtHeader, type Answer } from '../../testing/gotrue-http';

/** The address in confirmation links and the token issuer; the test rewrites it to the real port. */
const SITE = MAILED_SITE;
const PASSWORD = 'correct-horse-9';

describe('Embedded auth over HTTP (email confirmation through SMTP)', () => {
  let smtp: SmtpCatcher;
  let t: MailingAuthTestApp;
  let n = 0;
  const newEmail = () => `person-${++n}-${Date.now()}@example.com`;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const api = (path: string, token?: string) => call(t.baseUrl, 'GET', path, { token });
  const signIn = (email: string, password = PASSWORD) =>
    auth('POST', '/token?grant_type=password', { json: { email, password } });
  const mailTo = (email: string) => smtp.waitFor((mail) => mail.to.includes(email));
  /** What the app's confirmation page does with an emailed link: POST its token to /verify. */
  const confirmByLink = (link: string) => {
    const url = new URL(link);
    return auth('POST', '/verify', {
      json: { type: url.searchParams.get('type'), token_hash: url.searchParams.get('token_hash') },
    });
  };

  const expectGoTrueError = (answer: Answer, status: number, code: string, message: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(answer.body).toMatchObject({ code, error_code: code, message, msg: message });
  };

  /** Sign-up and confirmation by link: the session the confirmation opens. */
  async function signUpConfirmed(email = newEmail()): Promise<{ email: string; access_token: string; refresh_token: string }> {
    expect((await auth('POST', '/signup', { json: { email, password: PASSWORD } })).status).toBe(200);
    const confirmed = await confirmByLink(firstLink(await mailTo(email)));
    expect(confirmed.status).toBe(200);
    return { email, access_token: confirmed.body.access_token, refresh_token: confirmed.body.refresh_token };
  }

  beforeAll(async () => {
    t = await startMailingAuthTestApp({ AUTH_AUTOCONFIRM: 'false' });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('signs up, confirms through the page the emailed link opens, signs in, refreshes, and logs out', async () => {
    const email = newEmail();
    const signUp = await auth('POST', `/signup?redirect_to=${encodeURIComponent(`${SITE}/welcome`)}`, {
      json: { email: email.toUpperCase(), password: PASSWORD, data: { name: 'Ada' } },
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { name: 'Ada' } });
    expect(signUp.body.confirmation_sent_at).toEqual(expect.any(String));
    expect(signUp.body).not.toHaveProperty('email_confirmed_at');
    expect(signUp.body).not.toHaveProperty('access_token');

    expectGoTrueError(await signIn(email), 400, 'email_not_confirmed', MESSAGES.auth.emailNotConfirmed);

    const mail: CaughtMail = await mailTo(email);
    const link = firstLink(mail);
    expect(link.startsWith(`${SITE}/confirm?`)).toBe(true);
    expect(new URL(link).searchParams.get('type')).toBe('signup');

    const verified = await confirmByLink(link);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(verified.headers.get('cache-control')).toBe('no-store');
    const fragment = verified.body as { access_token: string; refresh_token: string };
    const confirmed = await auth('GET', '/user', { token: fragment.access_token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email_confirmed_at).toEqual(expect.any(String));

    // The link works once.
    expectGoTrueError(await confirmByLink(link), 403, 'otp_expired', MESSAGES.auth.otpExpired);

    const session = await signIn(email);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email, id: signUp.body.id } });
    expect(session.body.user.last_sign_in_at).toEqual(expect.any(String));

    const me = await auth('GET', '/user', { token: session.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: signUp.body.id, email, app_metadata: { provider: 'email', providers: ['email'] } });
    expect((await api('/api/auth-probe', session.body.access_token)).status).toBe(200);

    const refreshed = await auth('POST', '/token?grant_type=refresh_token', {
      json: { refresh_token: session.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(session.body.refresh_token);
    expect(jwtClaims(refreshed.body.access_token).session_id).toBe(jwtClaims(session.body.access_token).session_id);
    expectGoTrueError(
      await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: session.body.refresh_token } }),
      400,
      'refresh_token_already_used',
      MESSAGES.auth.refreshTokenAlreadyUsed,
    );
    // Reuse ends the whole session (the thief and the owner both lose it).
    expect(
      (await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: refreshed.body.refresh_token } })).body
        .code,
    ).toBe('refresh_token_not_found');
    expect((await api('/api/auth-probe', refreshed.body.access_token)).status).toBe(401);

    const other = (await signIn(email)).body.access_token as string;
    const logout = await call(t.baseUrl, 'POST', '/auth/v1/logout?scope=global', { token: other });
    expect(logout.status).toBe(204);
    for (const token of [other, session.body.access_token, fragment.access_token]) {
      const refused = await api('/api/auth-probe', token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ statusCode: 401, message: MESSAGES.auth.authenticationRequired });
      expectGoTrueError(await auth('GET', '/user', { token }), 403, 'session_not_found', MESSAGES.auth.sessionNotFound);
    }
    expectGoTrueError(
      await auth('POST', '/token?grant_type=refresh_token', { json: { refresh_token: fragment.refresh_token } }),
      400,
      'refresh_token_not_found',
      MESSAGES.auth.refreshTokenNotFound,
    );
  });

  it('issues access tokens with the claims Supabase Auth puts in them, signed by a key in the JWKS', async () => {
    const { access_token } = await signUpConfirmed();
    const header = jwtHeader(access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    const jwks = await auth('GET', '/.well-known/jwks.json');
    expect(jwks.body.keys).toContainEqual(
      expect.objectContaining({ kid: header.kid, kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' }),
    );
    expect(jwks.body.keys.some((key: Record<string, unknown>) => 'd' in key)).toBe(false);

    const claims = jwtClaims(access_token);
    expect(claims).toEqual({
      iss: `${SITE}/auth/v1`,
      sub: expect.any(String),
      aud: 'authenticated',
      exp: expect.any(Number),
      iat: expect.any(Number),
      email: expect.stringMatching(/@example\.com$/),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const { email } = await signUpConfirmed();
    for (const attempt of [signIn(email, 'wrong-password'), signIn(`nobody-${email}`)]) {
      expectGoTrueError(await attempt, 400, 'invalid_credentials', MESSAGES.auth.invalidCredentials);
    }
  });

  it('answers a sign-up of a confirmed address like a new one, without revealing or emailing anything', async () => {
    const { email } = await signUpConfirmed();
    const original = await signIn(email);
    const mailsBefore = smtp.messages.length;
    const repeat = await auth('POST', '/signup', { json: { email, password: 'another-password' } });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ email, identities: [] });
    expect(repeat.body.id).not.toBe(original.body.user.id);
    expect(original.body.user.identities).toHaveLength(1);
    expect(smtp.messages.length).toBe(mailsBefore);
    expect((await signIn(email, 'another-password')).status).toBe(400); // The password did not change.
  });

  it('sends an unconfirmed address one link a minute, and answers a repeat within it alike', async () => {
    const email = newEmail();
    const first = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    expect(first.status).toBe(200);
    await mailTo(email);
    const repeat = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ email, id: first.body.id });
    const again = await auth('POST', '/signup', { json: { email: newEmail(), password: PASSWORD } });
    await mailTo(again.body.email);
    expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('refuses weak passwords, bad addresses and missing fields in Supabase Auth terms', async () => {
    const weak = await auth('POST', '/signup', { json: { email: newEmail(), password: '12345' } });
    expectGoTrueError(weak, 422, 'weak_password', MESSAGES.auth.weakPassword);
    expect(weak.body.weak_password).toEqual({ reasons: ['length'] });
    expectGoTrueError(
      await auth('POST', '/signup', { json: { email: 'not-an-email', password: PASSWORD } }),
      400,
      'validation_failed',
      MESSAGES.auth.invalidEmailFormat,
    );
    expectGoTrueError(
      await auth('POST', '/signup', { json: { password: PASSWORD } }),
      400,
      'validation_failed',
      MESSAGES.auth.signupRequiresEmail,
    );
    expect((await auth('POST', '/signup', { json: { email: 42, password: PASSWORD } })).body.code).toBe('validation_failed');
    expect((await auth('POST', '/token?grant_type=magic', { json: {} })).body.code).toBe('validation_failed');
  });

  it('confirms with the emailed code through POST /verify', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const code = /code: (\d{6})/.exec((await mailTo(email)).text)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    expectGoTrueError(
      await auth('POST', '/verify', { json: { type: 'signup', email, token: wrong } }),
      403,
      'otp_expired',
      MESSAGES.auth.otpExpired,
    );
    const verified = await auth('POST', '/verify', { json: { type: 'signup', email, token: code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(verified.body.user.email_confirmed_at).toEqual(expect.any(String));
    expect((await signIn(email)).status).toBe(200);
  });

  it('confirms with the link token as token_hash through POST /verify, once', async () => {
    const email = newEmail();
    await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    const token = new URL(firstLink(await mailTo(email))).searchParams.get('token_hash')!;
    expect((await auth('POST', '/verify', { json: { type: 'email', token_hash: token } })).status).toBe(200);
    expect((await auth('POST', '/verify', { json: { type: 'email', token_hash: token } })).body.code).toBe('otp_expired');
  });

  it('sends email links only to allowed origins', async () => {
    const email = newEmail();
    await auth('POST', `/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, {
      json: { email, password: PASSWORD },
    });
    const link = firstLink(await mailTo(email));
    expect(new URL(link).origin).toBe(SITE);
    // A link from an older email (/auth/v1/verify) leads to the same page and spends nothing.
    const token = new URL(link).searchParams.get('token_hash')!;
    const old = await fetch(
      `${t.baseUrl}/auth/v1/verify?type=signup&token=${token}&redirect_to=${encodeURIComponent('https://evil.example/')}`,
      {
        redirect: 'manual',
      },
    );
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toBe(link);
    expect((await confirmByLink(link)).status).toBe(200);
  });

  it('logs out one session (local) or all but the current one (others)', async () => {
    const { email } = await signUpConfirmed();
    const [a, b, c] = [await signIn(email), await signIn(email), await signIn(email)].map(
      (answer) => answer.body.access_token as string,
    );
    expect((await call(t.baseUrl, 'POST', '/auth/v1/logout?scope=local', { token: a })).status).toBe(204);
    expect((await api('/api/auth-probe', a)).status).toBe(401);
    expect((await api('/api/auth-probe', b)).status).toBe(200);
    expect((await call(t.baseUrl, 'POST', '/auth/v1/logout?scope=others', { token: b })).status).toBe(204);
    expect((await api('/api/auth-probe', c)).status).toBe(401);
    expect((await api('/api/auth-probe', b)).status).toBe(200);
    expect((await call(t.baseUrl, 'POST', '/auth/v1/logout?scope=nonsense', { token: b })).body.code).toBe('validation_failed');
    expectGoTrueError(await call(t.baseUrl, 'POST', '/auth/v1/logout'), 401, 'no_authorization', MESSAGES.auth.bearerRequired);
  });

  it('updates metadata and the password; a new password ends the other sessions', async () => {
    const { email, access_token: other } = await signUpConfirmed();
    const current = (await signIn(email)).body.access_token as string;
    const updated = await auth('PUT', '/user', { token: current, json: { data: { name: 'Grace', team: 'ops' } } });
    expect(updated.body.user_metadata).toEqual({ name: 'Grace', team: 'ops' });
    const pruned = await auth('PUT', '/user', { token: current, json: { data: { team: null } } });
    expect(pruned.body.user_metadata).toEqual({ name: 'Grace' });

    const change = (password: string) => auth('PUT', '/user', { token: current, json: { password, current_password: PASSWORD } });
    expect((await change(PASSWORD)).body.code).toBe('same_password');
    expect((await change('123')).body.code).toBe('weak_password');
    expect((await change('a-new-password')).status).toBe(200);
    expect((await api('/api/auth-probe', other)).status).toBe(401);
    expect((await api('/api/auth-probe', current)).status).toBe(200);
    expect((await signIn(email)).status).toBe(400);
    expect((await signIn(email, 'a-new-password')).status).toBe(200);
  });

  it('stores argon2id hashes and refresh-token digests, never the secrets', async () => {
    const { email, refresh_token } = await signUpConfirmed();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.encryptedPassword.startsWith('$argon2id$')).toBe(true);
    const stored = await t.database.db.select({ token: refreshTokens.token }).from(refreshTokens);
    expect(stored.map((row) => row.token)).not.toContain(refresh_token);
  });

  it('describes itself: settings and health', async () => {
    expect((await auth('GET', '/settings')).body).toMatchObject({
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    expect((await auth('GET', '/health')).status).toBe(200);
  });
});
