import { MESSAGES } from '@vendorwatch/contracts';
import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import { randomBytes } from 'node:crypto';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call, type Answer } from '../../testing/gotrue-http';

/** Per-address limits: sign-in and sign-up share one bucket; verify and refresh have their own. */
describe('Embedded auth rate limits', () => {
  let t: AuthTestApp;
  /** The app trusts one proxy hop (TRUST_PROXY_HOPS=1), so X-Forwarded-For lets one test play several clients. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const auth = (method: string, path: string, address: string, json?: unknown) =>
    call(t.baseUrl, method, `/auth/v1${path}`, { json, headers: from(address) });
  const expectLimited = (answer: Answer) => {
    expect(answer.status).toBe(429);
    expect(answer.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(answer.body).toMatchObject({ code: 'over_request_rate_limit', message: MESSAGES.auth.rateLimited });
  };

  beforeAll(async () => {
    t = await startAuthTestApp({
      TRUST_PROXY_HOPS: '1',
      AUTH_AUTOCONFIRM: 'true',
      AUTH_RATE_LIMIT_SIGN_IN: '3',
      AUTH_RATE_LIMIT_VERIFY: '2',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '2',
    });
  });
  afterAll(() => t.close());

  it('counts sign-ups and sign-ins together, per address', async () => {
    const credentials = { email: 'limited@example.com', password: 'correct-horse-9' };
    const session = await auth('POST', '/signup', '203.0.113.1', credentials);
    expect(session.status).toBe(200);
    expect((await auth('POST', '/token?grant_type=password', '203.0.113.1', credentials)).status).toBe(200);
    expect((await auth('POST', '/token?grant_type=password', '203.0.113.1', { ...credentials, password: 'wrong' })).status).toBe(
      400,
    );
    expectLimited(await auth('POST', '/token?grant_type=password', '203.0.113.1', credentials));
    expectLimited(await auth('POST', '/signup', '203.0.113.1', { email: 'other@example.com', password: 'correct-horse-9' }));

    // Another address has its own allowance, and refreshing is not a sign-in.
    expect((await auth('POST', '/token?grant_type=password', '203.0.113.2', credentials)).status).toBe(200);
    const refreshed = await auth('POST', '/token?grant_type=refresh_token', '203.0.113.1', {
      refresh_token: session.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
  });

  it('limits token refreshes', async () => {
    const first = await auth('POST', '/signup', '203.0.113.3', { email: 'refresher@example.com', password: 'correct-horse-9' });
    let token = first.body.refresh_token as string;
    for (let i = 0; i < 2; i++) {
      const answer = await auth('POST', '/token?grant_type=refresh_token', '203.0.113.3', { refresh_token: token });
      expect(answer.status).toBe(200);
      token = answer.body.refresh_token;
    }
    expectLimited(await auth('POST', '/token?grant_type=refresh_token', '203.0.113.3', { refresh_token: token }));
  });

  it('limits verification, links included', async () => {
    expect((await auth('GET', '/verify?type=signup&token=nope', '203.0.113.4')).status).toBe(303);
    expect((await auth('POST', '/verify', '203.0.113.4', { type: 'signup', token_hash: 'nope' })).status).toBe(403);
    expectLimited(await auth('GET', '/verify?type=signup&token=nope', '203.0.113.4'));
  });

  it('does not limit reading settings or the JWKS', async () => {
    for (let i = 0; i < 5; i++) expect((await auth('GET', '/settings', '203.0.113.1')).status).toBe(200);
  });
});

describe('auth rate limits with no proxy in front (TRUST_PROXY_HOPS unset)', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT_VERIFY: '2' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For, so a client cannot buy a fresh allowance by inventing addresses', async () => {
    const verify = (address: string) =>
      call(t.baseUrl, 'GET', '/auth/v1/verify?type=signup&token=nope', { headers: { 'x-forwarded-for': address } });
    expect((await verify('198.51.100.1')).status).toBe(303);
    expect((await verify('198.51.100.2')).status).toBe(303);
    const third = await verify('198.51.100.3');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'over_request_rate_limit' });
  });
});

describe('auth rate limits across addresses and processes', () => {
  let database: TestDatabase;
  let a: AuthTestApp;
  let b: AuthTestApp;
  const queuePrefix = `vwtest-${randomBytes(4).toString('hex')}`;
  const verify = (app: AuthTestApp, address: string) =>
    call(app.baseUrl, 'POST', '/auth/v1/verify', {
      json: { type: 'signup', token_hash: 'nope' },
      headers: { 'x-forwarded-for': address },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two API processes of one installation: one database, one Redis prefix, one encryption key.
    const settings = {
      TRUST_PROXY_HOPS: '1',
      AUTH_RATE_LIMIT_VERIFY: '2',
      QUEUE_PREFIX: queuePrefix,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    a = await startAuthTestApp(settings, database);
    b = await startAuthTestApp(settings, database);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it buys nothing', async () => {
    expect((await verify(a, '2001:db8:1:2::1')).status).toBe(403);
    expect((await verify(a, '2001:db8:1:2:ffff::9')).status).toBe(403);
    expect((await verify(a, '2001:db8:1:2:abcd:1:2:3')).status).toBe(429);
    expect((await verify(a, '2001:db8:1:3::1')).status).toBe(403); // Another /64 is another client.
  });

  it('shares the counters between API processes (they live in Redis)', async () => {
    expect((await verify(a, '198.51.100.7')).status).toBe(403);
    expect((await verify(b, '198.51.100.7')).status).toBe(403);
    expect((await verify(a, '198.51.100.7')).status).toBe(429);
    expect((await verify(b, '198.51.100.7')).status).toBe(429);
  });
});
