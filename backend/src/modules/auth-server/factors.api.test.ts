import { MESSAGES } from '@vendorwatch/contracts';
import { mfaFactors, mfaRecoveryCodes } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call, jwtClaims } from '../../testing/gotrue-http';
import { startTestApp, type TestApp } from '../../testing/test-app';

const PASSWORD = 'correct-horse-9';

/** An authenticator app's code for `secret`, `steps` periods from now (one step of skew is accepted). */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('TOTP factors of the embedded auth', () => {
  let t: AuthTestApp;
  let n = 0;
  const auth = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
    call(t.baseUrl, method, `/auth/v1${path}`, options);
  const probe = (token: string) => call(t.baseUrl, 'GET', '/api/auth-probe', { token });

  /** A confirmed user, signed in: their email and aal1 token. */
  async function newUser() {
    const email = `mfa-${++n}@example.com`;
    const session = await auth('POST', '/signup', { json: { email, password: PASSWORD } });
    return { email, token: session.body.access_token as string };
  }
  const signIn = async (email: string) =>
    (await auth('POST', '/token?grant_type=password', { json: { email, password: PASSWORD } })).body.access_token as string;
  const enroll = (token: string, friendlyName = 'Phone') =>
    auth('POST', '/factors', { token, json: { factor_type: 'totp', friendly_name: friendlyName } });
  const challenge = (token: string, factorId: string) => auth('POST', `/factors/${factorId}/challenge`, { token, json: {} });
  const verify = async (token: string, factorId: string, code: string) => {
    const issued = await challenge(token, factorId);
    return auth('POST', `/factors/${factorId}/verify`, { token, json: { challenge_id: issued.body.id, code } });
  };
  /** A user with a verified factor: its id and secret, and the aal2 token the verification returned. */
  async function userWithFactor() {
    const user = await newUser();
    const enrolled = await enroll(user.token);
    const secret = enrolled.body.totp.secret as string;
    const verified = await verify(user.token, enrolled.body.id, await codeFor(secret));
    expect(verified.status).toBe(200);
    return { ...user, factorId: enrolled.body.id as string, secret, aal2: verified.body.access_token as string };
  }

  beforeAll(async () => {
    t = await startAuthTestApp({
      AUTH_AUTOCONFIRM: 'true',
      PUBLIC_URL: 'https://vendorwatch.example',
      AUTH_RATE_LIMIT_SIGN_IN: '1000',
      AUTH_RATE_LIMIT_MFA: '1000',
    });
  });
  afterAll(() => t.close());

  it('enrolls a TOTP factor: QR code, secret and otpauth URI; the secret is stored encrypted', async () => {
    const { token, email } = await newUser();
    const enrolled = await enroll(token);
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get('cache-control')).toBe('no-store');
    expect(enrolled.body).toEqual({
      id: expect.any(String),
      type: 'totp',
      friendly_name: 'Phone',
      totp: {
        qr_code: expect.stringMatching(/^<svg /),
        secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
        uri: expect.any(String),
      },
    });
    // supabase-js hands it to the browser as `data:image/svg+xml;utf-8,<svg…`, unescaped.
    expect(enrolled.body.totp.qr_code).not.toMatch(/[#%]/);
    const uri = new URL(enrolled.body.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(enrolled.body.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('vendorwatch.example');
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    const [row] = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, enrolled.body.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(enrolled.body.totp.secret);
    expect((await auth('GET', '/user', { token })).body.factors).toEqual([
      expect.objectContaining({ id: enrolled.body.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone' }),
    ]);
  });

  it('challenges and verifies: the answer is a new session whose token is aal2 with totp in its amr', async () => {
    const { token } = await newUser();
    const enrolled = await enroll(token);
    const issued = await challenge(token, enrolled.body.id);
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    expect(issued.body.expires_at).toBeGreaterThan(Date.now() / 1000);

    const verified = await auth('POST', `/factors/${enrolled.body.id}/verify`, {
      token,
      json: { challenge_id: issued.body.id, code: await codeFor(enrolled.body.totp.secret) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) });
    const claims = jwtClaims(verified.body.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual([
      { method: 'totp', timestamp: expect.any(Number) },
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    expect(claims.session_id).toBe(jwtClaims(token).session_id);
    expect(verified.body.user.factors).toEqual([expect.objectContaining({ id: enrolled.body.id, status: 'verified' })]);
    expect((await probe(verified.body.access_token)).status).toBe(200);
  });

  it('refuses a wrong code, a reused code, a used challenge and an expired one', async () => {
    const { token, factorId, secret, aal2 } = await userWithFactor();
    const wrong = await verify(aal2, factorId, (await codeFor(secret)) === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'mfa_verification_failed', message: MESSAGES.auth.invalidTotp });
    // The code that verified the factor a moment ago: said so, not called wrong.
    const reused = await verify(aal2, factorId, await codeFor(secret));
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'mfa_verification_failed', message: MESSAGES.auth.totpCodeReused });

    const issued = await challenge(token, factorId);
    const next = await codeFor(secret, 1);
    const once = { token: aal2, json: { challenge_id: issued.body.id, code: next } };
    expect((await auth('POST', `/factors/${factorId}/verify`, once)).status).toBe(200);
    expect((await auth('POST', `/factors/${factorId}/verify`, once)).body.code).toBe('mfa_factor_not_found');

    const stale = await challenge(aal2, factorId);
    await t.database.db.execute(
      sql`update mfa_challenges set created_at = now() - interval '10 minutes' where id = ${stale.body.id}`,
    );
    const expired = await auth('POST', `/factors/${factorId}/verify`, {
      token: aal2,
      json: { challenge_id: stale.body.id, code: next },
    });
    expect(expired.status).toBe(422);
    expect(expired.body.code).toBe('mfa_challenge_expired');
  });

  describe('recovery codes', () => {
    const issueCodes = (token: string, factorId: string) => auth('POST', `/factors/${factorId}/recovery-codes`, { token });

    it('issues ten codes once, keeps only digests, and each code signs in at aal2 once', async () => {
      const { email, factorId, aal2 } = await userWithFactor();
      const issued = await issueCodes(aal2, factorId);
      expect(issued.status).toBe(200);
      expect(issued.headers.get('cache-control')).toBe('no-store');
      const codes = issued.body.codes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      const stored = await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.factorId, factorId));
      expect(stored).toHaveLength(10);
      const digests = JSON.stringify(stored);
      for (const code of codes) expect(digests).not.toContain(code.replaceAll('-', ''));

      const first = await signIn(email);
      expect((await probe(first)).status).toBe(401);
      // Typed as people copy codes: upper case, without the dashes.
      const signedIn = await verify(first, factorId, codes[0]!.toUpperCase().replaceAll('-', ''));
      expect(signedIn.status).toBe(200);
      expect(jwtClaims(signedIn.body.access_token).aal).toBe('aal2');
      expect((await probe(signedIn.body.access_token)).status).toBe(200);

      const again = await verify(await signIn(email), factorId, codes[0]!);
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ code: 'mfa_verification_failed', message: MESSAGES.auth.invalidRecoveryCode });
      // The other nine still work.
      expect((await verify(await signIn(email), factorId, codes[1]!)).status).toBe(200);
    });

    it('voids the earlier codes, used or not, when new ones are issued', async () => {
      const { email, factorId, aal2 } = await userWithFactor();
      const old = (await issueCodes(aal2, factorId)).body.codes as string[];
      const renewed = (await issueCodes(aal2, factorId)).body.codes as string[];
      expect(renewed).toHaveLength(10);
      expect(renewed.some((code) => old.includes(code))).toBe(false);
      const refused = await verify(await signIn(email), factorId, old[2]!);
      expect(refused.body.message).toBe(MESSAGES.auth.invalidRecoveryCode);
      expect((await verify(await signIn(email), factorId, renewed[2]!)).status).toBe(200);
    });

    it('needs an aal2 session, a verified factor of the caller, and answers no code of another user', async () => {
      const { email, factorId, aal2 } = await userWithFactor();
      const aal1 = await signIn(email);
      const refused = await issueCodes(aal1, factorId);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'insufficient_aal', message: MESSAGES.auth.aal2RequiredForRecoveryCodes });

      const stranger = await userWithFactor();
      expect((await issueCodes(stranger.aal2, factorId)).status).toBe(404);
      // A code of one user's factor does not open another's.
      const codes = (await issueCodes(aal2, factorId)).body.codes as string[];
      const strangerAal1 = await signIn(stranger.email);
      expect((await verify(strangerAal1, stranger.factorId, codes[0]!)).status).toBe(422);

      const unverified = await newUser();
      const enrolled = await enroll(unverified.token);
      const notYet = await issueCodes(unverified.token, enrolled.body.id);
      expect(notYet.status).toBe(403);
      const rows = await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.factorId, enrolled.body.id));
      expect(rows).toHaveLength(0);
    });
  });

  it('keeps an aal1 token of a user with a verified factor out of /api until the code is entered', async () => {
    const { email, factorId, secret } = await userWithFactor();
    const aal1 = await signIn(email);
    expect(jwtClaims(aal1).aal).toBe('aal1');
    const refused = await probe(aal1);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.auth.secondFactorRequired);
    // The auth server itself still answers it: the code step needs the user and the factors.
    expect((await auth('GET', '/user', { token: aal1 })).status).toBe(200);

    const verified = await verify(aal1, factorId, await codeFor(secret, 1));
    expect(verified.status).toBe(200);
    expect((await probe(verified.body.access_token)).status).toBe(200);
  });

  it('ends the sessions that never used the factor once it is verified', async () => {
    const user = await newUser();
    const other = await signIn(user.email);
    const enrolled = await enroll(user.token);
    expect((await verify(user.token, enrolled.body.id, await codeFor(enrolled.body.totp.secret))).status).toBe(200);
    expect((await auth('GET', '/user', { token: other })).body.code).toBe('session_not_found');
  });

  it('removes a factor only from an aal2 session; then a password alone is enough again', async () => {
    const { email, factorId, aal2 } = await userWithFactor();
    const aal1 = await signIn(email);
    const refused = await auth('DELETE', `/factors/${factorId}`, { token: aal1 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'insufficient_aal', message: MESSAGES.auth.aal2RequiredToUnenroll });
    const removed = await auth('DELETE', `/factors/${factorId}`, { token: aal2 });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: factorId });
    expect((await probe(await signIn(email))).status).toBe(200);
  });

  it('replaces an abandoned set-up of the same name, so setting up starts over', async () => {
    const { token } = await newUser();
    const abandoned = await enroll(token);
    const again = await enroll(token);
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(abandoned.body.id);
    expect((await auth('GET', '/user', { token })).body.factors).toEqual([
      expect.objectContaining({ id: again.body.id, status: 'unverified', friendly_name: 'Phone' }),
    ]);
    const verified = await verify(token, again.body.id, await codeFor(again.body.totp.secret));
    expect(verified.status).toBe(200);
    expect((await challenge(token, abandoned.body.id)).body.code).toBe('mfa_factor_not_found');
  });

  it('lets a password-only (aal1) session end only itself, not the sessions that used the factor', async () => {
    const { email, aal2 } = await userWithFactor();
    const aal1 = await signIn(email);
    for (const scope of ['global', 'others']) {
      const refused = await auth('POST', `/logout?scope=${scope}`, { token: aal1 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'insufficient_aal', message: MESSAGES.auth.aal2RequiredToEndOtherSessions });
    }
    expect((await auth('GET', '/user', { token: aal2 })).status).toBe(200);
    expect((await auth('POST', '/logout?scope=local', { token: aal1 })).status).toBe(204);
    expect((await auth('GET', '/user', { token: aal1 })).body.code).toBe('session_not_found');

    // An aal2 session may end them all.
    const another = await signIn(email);
    expect((await auth('POST', '/logout?scope=others', { token: aal2 })).status).toBe(204);
    expect((await auth('GET', '/user', { token: another })).body.code).toBe('session_not_found');
    expect((await auth('GET', '/user', { token: aal2 })).status).toBe(200);
  });

  it('needs aal2 to enroll a second factor, and refuses a name twice', async () => {
    const { email, aal2 } = await userWithFactor();
    const aal1 = await signIn(email);
    expect((await enroll(aal1, 'Laptop')).body).toMatchObject({
      code: 'insufficient_aal',
      message: MESSAGES.auth.aal2RequiredToEnroll,
    });
    expect((await enroll(aal2, 'Phone')).body.code).toBe('mfa_factor_name_conflict');
    expect((await enroll(aal2, 'Laptop')).status).toBe(200);
  });

  it("answers another user's factor, an unknown id and a bad type like Supabase Auth", async () => {
    const owner = await userWithFactor();
    const stranger = await newUser();
    expect((await probe(stranger.token)).status).toBe(200); // Another user's factor asks nothing of this one.
    for (const id of [owner.factorId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await challenge(stranger.token, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'mfa_factor_not_found', message: MESSAGES.auth.factorNotFound });
    }
    expect((await auth('POST', '/factors', { token: stranger.token, json: { factor_type: 'phone' } })).body.code).toBe(
      'mfa_phone_enroll_not_enabled',
    );
    expect((await auth('POST', '/factors', { token: stranger.token, json: { factor_type: 'sms' } })).status).toBe(400);
    expect((await auth('POST', '/factors', { json: { factor_type: 'totp' } })).status).toBe(401);
  });
});

describe('MFA rate limit', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT_MFA: '2' });
  });
  afterAll(() => t.close());

  it('limits factor calls per client', async () => {
    const token = (
      await call(t.baseUrl, 'POST', '/auth/v1/signup', { json: { email: 'limited-mfa@example.com', password: PASSWORD } })
    ).body.access_token;
    const enroll = (name: string) =>
      call(t.baseUrl, 'POST', '/auth/v1/factors', { token, json: { factor_type: 'totp', friendly_name: name } });
    expect((await enroll('a')).status).toBe(200);
    expect((await enroll('b')).status).toBe(200);
    const limited = await enroll('c');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('over_request_rate_limit');
  });
});

describe('the whole API and MFA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses /api/vendors to an aal1 token of a user with a verified factor', async () => {
    const user = await t.signUp();
    const enrolled = await call(t.baseUrl, 'POST', '/auth/v1/factors', {
      token: user.accessToken,
      json: { factor_type: 'totp' },
    });
    const issued = await call(t.baseUrl, 'POST', `/auth/v1/factors/${enrolled.body.id}/challenge`, {
      token: user.accessToken,
      json: {},
    });
    const verified = await call(t.baseUrl, 'POST', `/auth/v1/factors/${enrolled.body.id}/verify`, {
      token: user.accessToken,
      json: { challenge_id: issued.body.id, code: await codeFor(enrolled.body.totp.secret) },
    });
    expect(verified.status).toBe(200);

    const aal1 = await call(t.baseUrl, 'POST', '/auth/v1/token?grant_type=password', {
      json: { email: user.email, password: user.password },
    });
    const refused = await call(t.baseUrl, 'GET', '/api/vendors', { token: aal1.body.access_token });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, message: MESSAGES.auth.secondFactorRequired });
    expect((await call(t.baseUrl, 'GET', '/api/vendors', { token: verified.body.access_token })).status).toBe(200);
  });
});
