import { MESSAGES } from '@vendorwatch/contracts';
import { createHmac, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import { SigningKeysService } from '../auth-server/signing-keys.service';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call, jwtClaims, jwtHeader } from '../../testing/gotrue-http';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('The /api guard (embedded key set)', () => {
  let t: AuthTestApp;
  let token: string;
  let signingKey: { kid: string; privateKey: KeyObject; publicKey: KeyObject };
  const probe = (authorization?: string) =>
    call(t.baseUrl, 'GET', '/api/auth-probe', { headers: authorization === undefined ? {} : { authorization } });
  const expect401 = async (authorization: string | undefined, message: string) => {
    const answer = await probe(authorization);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ statusCode: 401, message });
  };
  /** A token like the real one, re-signed (ES256) with `key` after `change` edits its claims. */
  const resign = (key: KeyObject, kid: string, change: (claims: Record<string, unknown>) => void = () => {}) => {
    const claims = jwtClaims(token);
    change(claims);
    return sign(claims, key, { algorithm: 'ES256', keyid: kid });
  };

  beforeAll(async () => {
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true' });
    const signUp = await call(t.baseUrl, 'POST', '/auth/v1/signup', {
      json: { email: 'guarded@example.com', password: 'correct-horse-9' },
    });
    token = signUp.body.access_token;
    // The stored private key is encrypted: the app's own key is the one to forge with.
    const { kid, privateKey } = t.app.get(SigningKeysService).signingKey();
    signingKey = { kid, privateKey, publicKey: createPublicKey(privateKey) };
  });
  afterAll(() => t.close());

  it('admits a valid token and puts the caller on the request', async () => {
    const answer = await probe(`Bearer ${token}`);
    expect(answer.status).toBe(200);
    const claims = jwtClaims(token);
    expect(answer.body).toEqual({
      id: claims.sub,
      email: 'guarded@example.com',
      role: 'authenticated',
      sessionId: claims.session_id,
      aal: 'aal1',
    });
    expect((await probe(`Bearer ${resign(signingKey.privateKey, signingKey.kid)}`)).status).toBe(200);
  });

  it('asks for a token when there is none, or a blank one', async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer    ', `Basic ${Buffer.from('a:b').toString('base64')}`]) {
      await expect401(header, MESSAGES.auth.tokenRequired);
    }
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = token.split('.');
    const payload = b64({ ...jwtClaims(token), sub: '00000000-0000-4000-8000-000000000000' });
    await expect401(`Bearer ${header}.${payload}.${signature}`, MESSAGES.auth.invalidSignature);
  });

  it('refuses an expired token', async () => {
    const expired = resign(signingKey.privateKey, signingKey.kid, (claims) => {
      claims.iat = Math.floor(Date.now() / 1000) - 7200;
      claims.exp = Math.floor(Date.now() / 1000) - 60;
    });
    await expect401(`Bearer ${expired}`, MESSAGES.auth.authenticationRequired);
  });

  it('refuses alg "none"', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT', kid: signingKey.kid })}.${b64(jwtClaims(token))}.`;
    await expect401(`Bearer ${unsigned}`, MESSAGES.auth.authenticationRequired);
  });

  it('refuses HS256 signed with the public key as the HMAC secret', async () => {
    for (const secret of [
      signingKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      JSON.stringify(signingKey.publicKey.export({ format: 'jwk' })),
    ]) {
      const unsigned = `${b64({ alg: 'HS256', typ: 'JWT', kid: signingKey.kid })}.${b64(jwtClaims(token))}`;
      const forged = `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
      await expect401(`Bearer ${forged}`, MESSAGES.auth.authenticationRequired);
    }
  });

  it('refuses a token signed by another key: under a known kid (bad signature) or an unknown one', async () => {
    const { privateKey: otherKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect401(`Bearer ${resign(otherKey, signingKey.kid)}`, MESSAGES.auth.invalidSignature);
    await expect401(`Bearer ${resign(otherKey, 'some-other-kid')}`, MESSAGES.auth.noMatchingKey);
  });

  it('refuses tokens for another audience or issuer, and garbage', async () => {
    await expect401(
      `Bearer ${resign(signingKey.privateKey, signingKey.kid, (c) => (c.aud = 'anon'))}`,
      MESSAGES.auth.authenticationRequired,
    );
    await expect401(
      `Bearer ${resign(signingKey.privateKey, signingKey.kid, (c) => (c.iss = 'https://elsewhere.example/auth/v1'))}`,
      MESSAGES.auth.authenticationRequired,
    );
    await expect401('Bearer not.a.jwt', MESSAGES.auth.authenticationRequired);
    await expect401('Bearer abc', MESSAGES.auth.authenticationRequired);
  });

  it('refuses a validly signed token whose session does not exist', async () => {
    const orphan = resign(signingKey.privateKey, signingKey.kid, (c) => (c.session_id = '00000000-0000-4000-8000-000000000000'));
    expect(jwtHeader(orphan).kid).toBe(signingKey.kid);
    await expect401(`Bearer ${orphan}`, MESSAGES.auth.authenticationRequired);
  });

  it('lets @Public() routes and everything outside /api through without a token', async () => {
    expect((await call(t.baseUrl, 'GET', '/api/auth-probe/public')).status).toBe(200);
    expect((await call(t.baseUrl, 'GET', '/auth/v1/settings')).status).toBe(200);
  });

  it('cannot be walked around by spelling the path differently', async () => {
    for (const path of ['/%61pi/auth-probe', '/API/auth-probe', '/api/auth-probe/', '/api//auth-probe', '/x/../api/auth-probe']) {
      expect((await call(t.baseUrl, 'GET', path)).status).not.toBe(200);
    }
  });
});
