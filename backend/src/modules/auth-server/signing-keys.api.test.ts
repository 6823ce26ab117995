import { authSigningKeys } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { SigningKeysService } from './signing-keys.service';

/** The embedded auth's signing keys at rest (encrypted) and their rotation. */
describe('signing keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const rows = () => t.database.db.select().from(authSigningKeys);
  const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
  const jwksKids = async () =>
    ((await (await fetch(`${t.baseUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string; d?: string }[] }).keys;

  it('stores the private key encrypted, not as a plain JWK', async () => {
    await t.signUp();
    const stored = await rows();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.privateJwk).not.toHaveProperty('d');
      expect(row.privateJwk).toEqual({ encrypted: expect.stringMatching(/^v1:/) });
      expect(JSON.stringify(row.privateJwk)).not.toContain('"kty"');
    }
    expect((await jwksKids()).every((key) => key.d === undefined)).toBe(true);
  });

  it('encrypts a key stored in plain text (before this version) when the server starts', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = randomUUID();
    await t.database.db.insert(authSigningKeys).values({
      kid,
      privateJwk: { ...privateKey.export({ format: 'jwk' }), kid },
      publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
      active: false,
    });
    await t.app.get(SigningKeysService).onModuleInit();
    const [row] = await t.database.db.select().from(authSigningKeys).where(eq(authSigningKeys.kid, kid));
    expect(row!.privateJwk).toEqual({ encrypted: expect.stringMatching(/^v1:/) });
  });

  it('rotates: the new key signs, tokens of the old key still work until they expire, then it leaves the JWKS', async () => {
    const before = await t.signUp();
    const oldKid = kidOf(before.accessToken);

    const { kid: newKid } = await t.app.get(SigningKeysService).rotate();
    const after = await t.signUp();
    expect(kidOf(after.accessToken)).toBe(newKid);
    expect((await jwksKids()).map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect((await before.api('/api/vendors')).status).toBe(200);
    expect((await after.api('/api/vendors')).status).toBe(200);

    // Once the old key's tokens would all have expired (the new key is older than a token's lifetime), it retires.
    await t.database.db
      .update(authSigningKeys)
      .set({ createdAt: new Date(Date.now() - 3600_000 - 60_000) })
      .where(eq(authSigningKeys.kid, newKid));
    await t.database.db
      .update(authSigningKeys)
      .set({ createdAt: new Date(Date.now() - 3600_000 - 120_000) })
      .where(eq(authSigningKeys.kid, oldKid));
    await t.app.get(SigningKeysService).refresh();
    expect((await jwksKids()).map((key) => key.kid)).toEqual([newKid]);
  });
});
