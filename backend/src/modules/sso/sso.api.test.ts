import { createClient } from '@supabase/supabase-js';
import { fill, MESSAGES, ssoMessages } from '@vendorwatch/contracts';
import { generate } from 'otplib';
import { pkcePair, startOidcProvider, type TestOidcProvider } from '../../../../test-support/oidc-provider';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call, jwtClaims } from '../../testing/gotrue-http';
import { freePort, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const PROVIDER = 'Acme ID';
const CLIENT = { clientId: 'vendorwatch', clientSecret: 'vendorwatch-secret-0123456789' };
/** Another application registered at the same provider: its ID tokens are not for us. */
const OTHER = {
  clientId: 'other-app',
  clientSecret: 'other-secret-0123456789',
  redirectUri: 'http://127.0.0.1:9/other-callback',
};

/**
 * Sign-in with the company's OpenID Connect provider (issue 42), against a real provider
 * (oidc-provider) on 127.0.0.1: the flow supabase-js drives, accounts, groups → roles, SSO
 * required, a second factor, and the errors a person can act on.
 */
describe('single sign-on with an OpenID Connect provider', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  /** The same provider, but the app holds a secret the provider does not accept. */
  let badSecret: AuthTestApp;
  let n = 0;
  const landing = () => `${t.baseUrl}/login`;

  beforeAll(async () => {
    provider = await startOidcProvider();
    const oidc = {
      AUTH_OIDC_ISSUER: provider.issuer,
      AUTH_OIDC_CLIENT_ID: CLIENT.clientId,
      AUTH_OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      AUTH_OIDC_NAME: PROVIDER,
    };
    t = await startTestApp({ ...oidc, AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_MFA: '1000' });
    const port = await freePort();
    badSecret = await startAuthTestApp({
      ...oidc,
      AUTH_OIDC_CLIENT_SECRET: 'not-the-secret',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    provider.registerClients([
      { ...CLIENT, redirectUris: [`${t.baseUrl}/auth/v1/callback`, `${badSecret.baseUrl}/auth/v1/callback`] },
      { clientId: OTHER.clientId, clientSecret: OTHER.clientSecret, redirectUris: [OTHER.redirectUri] },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await badSecret?.close();
    await provider?.close();
  });

  /** A new person at the provider; their login is their `sub`. */
  function personAt(claims: Parameters<TestOidcProvider['accounts']['set']>[1]): string {
    const login = `person-${++n}`;
    provider.accounts.set(login, { email: `${login}@acme.example`, email_verified: true, ...claims });
    return login;
  }

  /** The app's /authorize as supabase-js opens it, with a fresh PKCE pair. */
  function authorizeUrl(baseUrl = t.baseUrl, redirectTo = `${baseUrl}/login`) {
    const pkce = pkcePair();
    const query = new URLSearchParams({
      provider: 'oidc',
      redirect_to: redirectTo,
      code_challenge: pkce.challenge,
      code_challenge_method: 's256',
    });
    return { url: `${baseUrl}/auth/v1/authorize?${query}`, verifier: pkce.verifier };
  }

  /** Signs `login` in at the provider: where the app sends the browser back to (`?code=` or `?error=`). */
  async function returnFrom(login: string, baseUrl = t.baseUrl) {
    const { url, verifier } = authorizeUrl(baseUrl);
    const back = new URL(await provider.signIn(url, login, `${baseUrl}/login`));
    return { back, verifier, code: back.searchParams.get('code') };
  }

  const redeem = (code: string, verifier: string, baseUrl = t.baseUrl) =>
    call(baseUrl, 'POST', '/auth/v1/token?grant_type=pkce', { json: { auth_code: code, code_verifier: verifier } });

  /** A whole SSO sign-in: the session's tokens. */
  async function ssoSession(login: string): Promise<{ access_token: string; user: { id: string; email: string } }> {
    const { code, verifier, back } = await returnFrom(login);
    expect({ error: back.searchParams.get('error_description'), code: Boolean(code) }).toEqual({ error: null, code: true });
    const session = await redeem(code!, verifier);
    expect(session.status).toBe(200);
    return session.body;
  }

  const api = (token: string, method: string, path: string, json?: unknown) => call(t.baseUrl, method, path, { token, json });

  async function sharedWorkspace(owner: TestUser, name = 'Risk team') {
    const created = await owner.api('/api/workspaces', { method: 'POST', json: { name } });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  it('lists the provider in /auth/v1/settings and its name in the public config', async () => {
    const settings = await call(t.baseUrl, 'GET', '/auth/v1/settings');
    expect(settings.body.external).toMatchObject({ email: true, oidc: true });
    const config = await call(t.baseUrl, 'GET', '/api/public-config');
    expect(config.body.oidc).toEqual({ name: PROVIDER });
  });

  it('signs a new person in through supabase-js: the account is made just in time, the session says oauth', async () => {
    const login = personAt({ name: 'Ada' });
    const storage = new Map<string, string>();
    const supabase = createClient(t.baseUrl, 'anon', {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
          removeItem: (key: string) => void storage.delete(key),
        },
      },
      realtime: { transport: class NoWebSocket {} as never },
    });
    const started = await supabase.auth.signInWithOAuth({
      provider: 'oidc' as never,
      options: { redirectTo: landing(), skipBrowserRedirect: true },
    });
    expect(started.error).toBeNull();
    const back = new URL(await provider.signIn(started.data.url!, login, landing()));
    const exchanged = await supabase.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(`${login}@acme.example`);
    const claims = jwtClaims(exchanged.data.session!.access_token);
    expect(claims).toMatchObject({ aal: 'aal1', amr: [expect.objectContaining({ method: 'oauth' })] });
    // A signed-in person like any other: their personal workspace is there.
    const workspaces = await api(exchanged.data.session!.access_token, 'GET', '/api/workspaces');
    expect(workspaces.status).toBe(200);
    expect(workspaces.body).toEqual([expect.objectContaining({ personal: true, role: 'owner' })]);
  });

  it('links a password account only when the provider says the email is verified; another sub for it is refused', async () => {
    const password = await t.signUp(`linked-${++n}@acme.example`);
    const unverified = `person-${++n}`;
    provider.accounts.set(unverified, { email: password.email, email_verified: false });
    const refused = await returnFrom(unverified);
    expect(refused.code).toBeNull();
    expect(refused.back.searchParams.get('error')).toBe('access_denied');
    expect(refused.back.searchParams.get('error_description')).toBe(
      fill(MESSAGES.sso.emailUnverified, { provider: PROVIDER, email: password.email }),
    );

    const verified = `person-${++n}`;
    provider.accounts.set(verified, { email: password.email, email_verified: true });
    const session = await ssoSession(verified);
    expect(session.user.id).toBe(password.id);

    const impostor = `person-${++n}`;
    provider.accounts.set(impostor, { email: password.email, email_verified: true });
    const other = await returnFrom(impostor);
    expect(other.code).toBeNull();
    expect(other.back.searchParams.get('error_description')).toBe(
      fill(MESSAGES.sso.subjectMismatch, { provider: PROVIDER, email: password.email }),
    );
  });

  it('refuses a first sign-in without a verified email, and says when the email claim is missing', async () => {
    const unverified = await returnFrom(personAt({ email_verified: false }));
    expect(unverified.back.searchParams.get('error')).toBe('access_denied');
    const login = `person-${++n}`;
    provider.accounts.set(login, { groups: [] });
    const missing = await returnFrom(login);
    expect(missing.back.searchParams.get('error_description')).toBe(fill(MESSAGES.sso.emailMissing, { provider: PROVIDER }));
  });

  it('maps groups to roles at each sign-in: added, role changed, removed; an owner stays an owner; audited as the provider', async () => {
    const owner = await t.signUp(`owner-${++n}@acme.example`);
    const workspaceId = await sharedWorkspace(owner);
    const saved = await owner.api(`/api/workspaces/${workspaceId}/sso`, {
      method: 'PUT',
      json: { linked: true, groupRoles: { 'risk-team': 'editor', 'risk-admins': 'admin' }, defaultRole: null, required: false },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      linked: true,
      groupClaim: 'groups',
      groupRoles: { 'risk-team': 'editor', 'risk-admins': 'admin' },
      defaultRole: null,
      required: false,
      providerName: PROVIDER,
    });

    const login = personAt({ groups: ['risk-team', 'unrelated'] });
    const roleIn = async () => {
      const { access_token } = await ssoSession(login);
      const listed = await api(access_token, 'GET', '/api/workspaces');
      return (listed.body as { id: string; role: string }[]).find((each) => each.id === workspaceId)?.role ?? null;
    };
    expect(await roleIn()).toBe('editor');
    provider.accounts.get(login)!.groups = ['risk-admins', 'risk-team'];
    expect(await roleIn()).toBe('admin');
    provider.accounts.get(login)!.groups = [];
    expect(await roleIn()).toBeNull();

    // The owner signs in through the provider with no group: still the owner.
    const ownerLogin = `person-${++n}`;
    provider.accounts.set(ownerLogin, { email: owner.email, email_verified: true, groups: [] });
    await ssoSession(ownerLogin);
    const members = await owner.api(`/api/workspaces/${workspaceId}/members`);
    expect(await members.json()).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);

    const log = await owner.api(
      `/api/workspaces/${workspaceId}/audit-log?actor=${encodeURIComponent(ssoMessages.actorLabel(PROVIDER))}`,
    );
    const entries = ((await log.json()) as { items: { action: string; actorLabel: string; summary: object }[] }).items;
    expect(entries.map((entry) => [entry.action, entry.summary])).toEqual([
      ['member.remove', expect.objectContaining({ role: 'admin' })],
      ['member.role_change', expect.objectContaining({ previousRole: 'editor', role: 'admin' })],
      ['member.join', expect.objectContaining({ role: 'editor' })],
    ]);
    expect(new Set(entries.map((entry) => entry.actorLabel))).toEqual(new Set([`SSO provider ${PROVIDER}`]));
  });

  it('validates the settings: owners only, no owner role by group, no personal workspace', async () => {
    const owner = await t.signUp(`owner-${++n}@acme.example`);
    const workspaceId = await sharedWorkspace(owner);
    const put = (json: unknown, user = owner, id = workspaceId) => user.api(`/api/workspaces/${id}/sso`, { method: 'PUT', json });
    const ownerRole = await put({ linked: true, groupRoles: { bosses: 'owner' } });
    expect(ownerRole.status).toBe(400);
    expect(JSON.stringify(await ownerRole.json())).toContain(MESSAGES.sso.ownerNotMappable);
    const tooLong = await put({ linked: true, groupRoles: { ['g'.repeat(201)]: 'viewer' } });
    expect(tooLong.status).toBe(400);
    const personal = (await (await owner.api('/api/workspaces')).json()) as { id: string; personal: boolean }[];
    const personalLink = await put({ linked: true }, owner, personal.find((each) => each.personal)!.id);
    expect(personalLink.status).toBe(400);
    expect(JSON.stringify(await personalLink.json())).toContain(MESSAGES.sso.personalNotLinkable);
    const stranger = await t.signUp(`stranger-${++n}@acme.example`);
    expect((await put({ linked: true }, stranger)).status).toBe(403);
  });

  it("requires SSO: a member's password session is refused naming the provider, an owner's is not, an API key still works", async () => {
    const owner = await t.signUp(`owner-${++n}@acme.example`);
    const workspaceId = await sharedWorkspace(owner);
    await owner.api(`/api/workspaces/${workspaceId}/sso`, {
      method: 'PUT',
      json: { linked: true, groupRoles: { analysts: 'viewer' }, required: true },
    });
    const member = await t.signUp(`member-${++n}@acme.example`);
    const login = `person-${++n}`;
    provider.accounts.set(login, { email: member.email, email_verified: true, groups: ['analysts'] });
    const sso = await ssoSession(login);
    const keyCreated = await owner.api(`/api/workspaces/${workspaceId}/api-keys`, {
      method: 'POST',
      json: { name: 'CI', role: 'viewer' },
    });
    const { key } = (await keyCreated.json()) as { key: string };

    const path = `/api/workspaces/${workspaceId}/sso`;
    const byPassword = await member.api(path);
    expect(byPassword.status).toBe(403);
    expect(((await byPassword.json()) as { message: string }).message).toBe(ssoMessages.workspaceRequiresSso(PROVIDER));
    expect((await api(sso.access_token, 'GET', path)).status).toBe(200);
    expect((await owner.api(path)).status).toBe(200);
    expect((await call(t.baseUrl, 'GET', path, { token: key })).status).toBe(200);
    // The member's own personal workspace is not affected.
    expect((await member.api('/api/workspaces')).status).toBe(200);
  });

  it('refuses a tampered state, a replayed callback, a replayed or foreign app code, and a wrong verifier', async () => {
    const login = personAt({});
    const { url, verifier } = authorizeUrl();
    const callback = new URL(await provider.signIn(url, login, `${t.baseUrl}/auth/v1/callback`));

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refused = await fetch(tampered, { redirect: 'manual' });
    const refusedAt = new URL(refused.headers.get('location')!);
    expect(refusedAt.searchParams.get('error_description')).toBe(MESSAGES.sso.flowExpired);
    expect(refusedAt.searchParams.get('code')).toBeNull();

    const first = new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!);
    const code = first.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const replayed = new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!);
    expect(replayed.searchParams.get('code')).toBeNull();
    expect(replayed.searchParams.get('error_description')).toBe(MESSAGES.sso.flowExpired);

    const wrongVerifier = await redeem(code, pkcePair().verifier);
    expect(wrongVerifier).toMatchObject({ status: 403, body: { code: 'bad_code_verifier' } });
    // The code was spent by that attempt: the right verifier comes too late, as does a second use.
    expect((await redeem(code, verifier)).body.code).toBe('flow_state_not_found');
    expect((await redeem('made-up', verifier)).status).toBe(404);
  });

  it("refuses an ID token the provider issued to another application (audience), even with this sign-in's nonce", async () => {
    const login = personAt({});
    const { url } = authorizeUrl();
    const toProvider = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    const nonce = new URL(toProvider).searchParams.get('nonce')!;

    // The same person signs in to the other application, whose token carries our nonce.
    const otherPkce = pkcePair();
    const otherAuthorize = new URL(`${provider.issuer}/auth`);
    for (const [name, value] of Object.entries({
      client_id: OTHER.clientId,
      redirect_uri: OTHER.redirectUri,
      response_type: 'code',
      scope: 'openid email',
      nonce,
      state: 'other-state',
      code_challenge: otherPkce.challenge,
      code_challenge_method: 'S256',
    }))
      otherAuthorize.searchParams.set(name, value);
    const otherBack = new URL(await provider.signIn(otherAuthorize.toString(), login, OTHER.redirectUri));
    const token = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: otherBack.searchParams.get('code')!,
        redirect_uri: OTHER.redirectUri,
        client_id: OTHER.clientId,
        client_secret: OTHER.clientSecret,
        code_verifier: otherPkce.verifier,
      }),
    });
    const { id_token: foreign } = (await token.json()) as { id_token: string };
    expect(jwtClaims(foreign)).toMatchObject({ aud: OTHER.clientId, nonce });

    provider.substituteIdToken(foreign);
    const back = new URL(await provider.signIn(toProvider, login, landing()));
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_description')).toMatch(
      new RegExp(`^${PROVIDER} answered with a sign-in that could not be verified`),
    );
  });

  it('gives aal2 when the provider asserts a second factor; otherwise an enrolled TOTP must still be verified', async () => {
    const login = personAt({ amr: ['pwd', 'mfa'] });
    const strong = await ssoSession(login);
    expect(jwtClaims(strong.access_token)).toMatchObject({ aal: 'aal2' });

    // The same person enrolls the product's own TOTP; a sign-in without the provider's second factor is aal1.
    const auth = (method: string, path: string, token: string, json?: unknown) =>
      call(t.baseUrl, method, `/auth/v1${path}`, { token, json });
    const enrolled = await auth('POST', '/factors', strong.access_token, { factor_type: 'totp', friendly_name: 'Phone' });
    const challenge = await auth('POST', `/factors/${enrolled.body.id}/challenge`, strong.access_token, {});
    const code = await generate({ secret: enrolled.body.totp.secret as string });
    const verified = await auth('POST', `/factors/${enrolled.body.id}/verify`, strong.access_token, {
      challenge_id: challenge.body.id,
      code,
    });
    expect(verified.status).toBe(200);

    provider.accounts.get(login)!.amr = ['pwd'];
    const weak = await ssoSession(login);
    expect(jwtClaims(weak.access_token)).toMatchObject({ aal: 'aal1' });
    const refused = await api(weak.access_token, 'GET', '/api/workspaces');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.auth.secondFactorRequired);
  });

  it('sends the person back with a readable error when the provider refuses the client secret', async () => {
    const login = personAt({});
    const { back } = await returnFrom(login, badSecret.baseUrl);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('invalid_client');
    expect(back.searchParams.get('error_description')).toBe(fill(MESSAGES.sso.clientRejected, { provider: PROVIDER }));
  });

  it('sends the person back with a readable error when the issuer is wrong (discovery fails)', async () => {
    const port = await freePort();
    const wrong = await startAuthTestApp({
      AUTH_OIDC_ISSUER: `http://127.0.0.1:${port}/not-an-issuer`,
      AUTH_OIDC_CLIENT_ID: CLIENT.clientId,
      AUTH_OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      AUTH_OIDC_NAME: PROVIDER,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const { url } = authorizeUrl(wrong.baseUrl);
      const answer = await fetch(url, { redirect: 'manual' });
      const back = new URL(answer.headers.get('location')!);
      expect(back.origin).toBe(wrong.baseUrl);
      expect(back.searchParams.get('error_description')).toBe(fill(MESSAGES.sso.providerUnreachable, { provider: PROVIDER }));
    } finally {
      await wrong.close();
    }
  });

  it('refuses to require SSO on a server without a provider, which would shut every member but the owners out', async () => {
    const plain = await startTestApp();
    try {
      const owner = await plain.signUp();
      const created = await owner.api('/api/workspaces', { method: 'POST', json: { name: 'No provider' } });
      const { id } = (await created.json()) as { id: string };
      const required = await owner.api(`/api/workspaces/${id}/sso`, { method: 'PUT', json: { linked: true, required: true } });
      expect(required.status).toBe(400);
      expect(((await required.json()) as { message: string }).message).toBe(MESSAGES.sso.requiredWithoutProvider);
      const settings = await call(plain.baseUrl, 'GET', '/auth/v1/settings');
      expect(settings.body.external.oidc).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('answers 400 for another provider or a missing PKCE challenge', async () => {
    const other = await call(t.baseUrl, 'GET', '/auth/v1/authorize?provider=github&redirect_to=/');
    expect(other).toMatchObject({ status: 400, body: { message: MESSAGES.sso.unsupportedProvider } });
    const noChallenge = await call(t.baseUrl, 'GET', '/auth/v1/authorize?provider=oidc');
    expect(noChallenge).toMatchObject({ status: 400, body: { message: MESSAGES.sso.codeChallengeRequired } });
  });
});
