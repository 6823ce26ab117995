import { MESSAGES } from '@vendorwatch/contracts';
import { users, workspaceMembers, workspaces } from '@vendorwatch/db';
import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import { and, eq } from 'drizzle-orm';
import { sign } from 'jsonwebtoken';
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';

/**
 * SUPABASE_URL mode: a local server plays the hosted project's auth and publishes a JWKS; the
 * API accepts what that project signed and the embedded /auth/v1 is switched off.
 */
describe('The /api guard against a hosted Supabase project', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = (key: KeyObject, kid: string, alg: string) => ({ ...key.export({ format: 'jwk' }), kid, alg, use: 'sig' });
  const jwksByProject: Record<string, unknown> = {
    project: { keys: [jwk(ec.publicKey, 'ec-key', 'ES256'), jwk(rsa.publicKey, 'rsa-key', 'RS256')] },
    empty: { keys: [] },
  };
  const fetches: string[] = [];
  let server: Server;
  let serverUrl: string;
  let database: TestDatabase;
  let hosted: AuthTestApp;
  let hostedEmpty: AuthTestApp;

  const tokenFor = (supabaseUrl: string, key: KeyObject, kid: string, algorithm: 'ES256' | 'RS256', sub = randomUUID()) =>
    sign(
      { sub, email: `${sub}@example.com`, role: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false },
      key,
      { algorithm, keyid: kid, audience: 'authenticated', issuer: `${supabaseUrl}/auth/v1`, expiresIn: 600 },
    );
  const probe = (app: AuthTestApp, token: string) => call(app.baseUrl, 'GET', '/api/auth-probe', { token });

  beforeAll(async () => {
    server = createServer((request, response) => {
      const project = /^\/(\w+)\/auth\/v1\/\.well-known\/jwks\.json$/.exec(request.url ?? '')?.[1];
      fetches.push(request.url ?? '');
      response.writeHead(project && jwksByProject[project] ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(project ? jwksByProject[project] : {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    hosted = await startAuthTestApp({ SUPABASE_URL: `${serverUrl}/project` }, database);
    hostedEmpty = await startAuthTestApp({ SUPABASE_URL: `${serverUrl}/empty` }, database);
  });
  afterAll(async () => {
    await hosted.close();
    await hostedEmpty.close();
    await database.drop();
    await new Promise((resolve) => server.close(resolve));
  });

  it('accepts tokens signed by the project (ES256 and RS256) and mirrors the user', async () => {
    const sub = randomUUID();
    const answer = await probe(hosted, tokenFor(`${serverUrl}/project`, ec.privateKey, 'ec-key', 'ES256', sub));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: sub, email: `${sub}@example.com`, role: 'authenticated', aal: 'aal1' });
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.id, sub))).toEqual([{ id: sub }]);
    expect((await probe(hosted, tokenFor(`${serverUrl}/project`, rsa.privateKey, 'rsa-key', 'RS256'))).status).toBe(200);
  });

  it('gives a hosted user their personal workspace on their first request, and acts in it', async () => {
    const sub = randomUUID();
    const token = tokenFor(`${serverUrl}/project`, ec.privateKey, 'ec-key', 'ES256', sub);
    const answer = await call(hosted.baseUrl, 'GET', '/api/auth-probe/workspace', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ role: 'owner', personal: true, actor: { type: 'user', id: sub } });
    const personal = await database.db
      .select({ id: workspaces.id, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(and(eq(workspaces.createdBy, sub), eq(workspaces.personal, true)));
    expect(personal).toEqual([{ id: answer.body.workspaceId, role: 'owner' }]);
  });

  it('caches the JWKS instead of fetching it per request', async () => {
    const before = fetches.filter((url) => url.startsWith('/project/')).length;
    for (let i = 0; i < 3; i++) await probe(hosted, tokenFor(`${serverUrl}/project`, ec.privateKey, 'ec-key', 'ES256'));
    expect(fetches.filter((url) => url.startsWith('/project/')).length).toBe(before);
  });

  it('refuses a kid the project does not publish', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const answer = await probe(hosted, tokenFor(`${serverUrl}/project`, other.privateKey, 'unknown-kid', 'ES256'));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.auth.noMatchingKey);
  });

  it('refuses a key of the wrong type under a published kid', async () => {
    const answer = await probe(hosted, tokenFor(`${serverUrl}/project`, rsa.privateKey, 'ec-key', 'RS256'));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.auth.authenticationRequired);
  });

  it('says so when the project publishes no keys', async () => {
    const answer = await probe(hostedEmpty, tokenFor(`${serverUrl}/empty`, ec.privateKey, 'ec-key', 'ES256'));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.auth.jwksEmpty);
  });

  it('does not serve the embedded /auth/v1', async () => {
    for (const [method, path] of [
      ['GET', '/auth/v1/settings'],
      ['GET', '/auth/v1/.well-known/jwks.json'],
      ['POST', '/auth/v1/signup'],
      ['POST', '/auth/v1/token?grant_type=password'],
      ['GET', '/auth/v1/user'],
    ] as const) {
      const answer = await call(hosted.baseUrl, method, path, { json: method === 'POST' ? {} : undefined });
      expect(answer.status).toBe(404);
    }
  });
});
