import { API_KEY_PATTERN, LIMITS, MESSAGES, type Workspace } from '@vendorwatch/contracts';
import { apiKeys } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace, expectRefused, roleTooLow, type JsonAnswer } from '../workspaces/testing/teams';

/** Workspace API keys: made by admins, shown once, stored hashed, used as a bearer, revoked at once. */
describe('API keys', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let team: Workspace;

  const keysPath = () => `/api/workspaces/${team.id}/api-keys`;
  const create = (by: TestUser, body: Record<string, unknown>) => apiCall(by, 'POST', keysPath(), body);
  /** A request with `Authorization: Bearer <key>`, as a script sends it. */
  const withKey = async (key: string, method: string, path: string, json?: unknown): Promise<JsonAnswer> => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const storedKey = async (id: string) => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;

  beforeAll(async () => {
    t = await startTestApp();
    [owner, admin, editor] = await Promise.all(
      ['owner', 'admin', 'editor'].map((who) => t.signUp(`${who}-${Date.now()}@example.com`)),
    );
    team = await createWorkspace(owner, 'Automation');
    await addMember(t, team.id, admin, 'admin');
    await addMember(t, team.id, editor, 'editor');
  });
  afterAll(() => t?.close());

  it('is shown once, stored as its SHA-256 only, listed masked; works on GET /api/workspaces until revoked', async () => {
    const created = await create(admin, { name: 'GRC export', role: 'viewer' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'GRC export',
      role: 'viewer',
      key: expect.stringMatching(API_KEY_PATTERN),
    });
    const { key, id } = created.body as { key: string; id: string };
    const row = await storedKey(id);
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(4));

    const listed = await apiCall(admin, 'GET', keysPath());
    expect(listed.body).toEqual([
      {
        id,
        name: 'GRC export',
        role: 'viewer',
        last4: key.slice(-4),
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(4, -4));

    const used = await withKey(key, 'GET', '/api/workspaces');
    expect(used).toEqual({ status: 200, body: [{ id: team.id, name: 'Automation', role: 'viewer', personal: false }] });
    const lastUsedAt = (await storedKey(id)).lastUsedAt;
    expect(lastUsedAt).toBeInstanceOf(Date);
    // Used again within the minute: not written again.
    expect((await withKey(key, 'GET', '/api/workspaces')).status).toBe(200);
    expect((await storedKey(id)).lastUsedAt).toEqual(lastUsedAt);
    expect((await apiCall(admin, 'GET', keysPath())).body[0].lastUsedAt).toBe(lastUsedAt!.toISOString());

    expect((await apiCall(admin, 'DELETE', `${keysPath()}/${id}`)).status).toBe(204);
    expectRefused(await withKey(key, 'GET', '/api/workspaces'), 401, MESSAGES.access.invalidApiKey);
    expect((await apiCall(admin, 'GET', keysPath())).body).toEqual([]);
    expectRefused(await apiCall(admin, 'DELETE', `${keysPath()}/${id}`), 404, MESSAGES.apiKeys.notFound);
  });

  it('refuses a key past its expiry, and an expiry that is not in the future', async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const created = await create(admin, { name: 'Nightly', role: 'editor', expiresAt });
    expect(created.status).toBe(201);
    expect((await apiCall(admin, 'GET', keysPath())).body).toContainEqual(
      expect.objectContaining({ id: created.body.id, expiresAt }),
    );
    expect((await withKey(created.body.key, 'GET', '/api/workspaces')).status).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, created.body.id));
    expectRefused(await withKey(created.body.key, 'GET', '/api/workspaces'), 401, MESSAGES.access.apiKeyExpired);
    expectRefused(
      await create(admin, { name: 'Past', role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' }),
      400,
      MESSAGES.apiKeys.invalidExpiry,
    );
    expectRefused(
      await create(admin, { name: 'Garbled', role: 'viewer', expiresAt: 'tomorrow' }),
      400,
      MESSAGES.apiKeys.invalidExpiry,
    );
  });

  it('takes a role no higher than its creator’s, from admins and owners only, and never from another key', async () => {
    expectRefused(await create(editor, { name: 'Too strong', role: 'admin' }), 403, roleTooLow('editor', 'admin'));
    // An owner key is refused to everyone, owners included (issue 37 row 7).
    expectRefused(await create(admin, { name: 'Too strong', role: 'owner' }), 400, MESSAGES.apiKeys.ownerRoleRefused);
    expectRefused(await create(owner, { name: 'Owner key', role: 'owner' }), 400, MESSAGES.apiKeys.ownerRoleRefused);
    expect((await create(owner, { name: 'Owner-made admin key', role: 'admin' })).status).toBe(201);
    expectRefused(await create(editor, { name: 'Mine', role: 'viewer' }), 403, roleTooLow('editor', 'admin'));
    expectRefused(await create(admin, { name: '', role: 'viewer' }), 400, MESSAGES.apiKeys.nameRequired);
    expectRefused(
      await create(admin, { name: 'x'.repeat(LIMITS.workspaces.apiKeyNameMaxLength + 1), role: 'viewer' }),
      400,
      `Name must be at most ${LIMITS.workspaces.apiKeyNameMaxLength} characters`,
    );
    const adminKey = (await create(admin, { name: 'Admin key', role: 'admin' })).body.key as string;
    expectRefused(
      await withKey(adminKey, 'POST', keysPath(), { name: 'Child', role: 'viewer' }),
      403,
      MESSAGES.access.peopleOnly,
    );
    expect((await withKey(adminKey, 'GET', keysPath())).status).toBe(200);
  });

  it('never deletes the workspace or transfers ownership, even as a key stored with the owner role before the cap (issue 37 row 7)', async () => {
    const doomed = await createWorkspace(owner, 'Not by a key');
    await addMember(t, doomed.id, admin, 'admin');
    const created = await apiCall(owner, 'POST', `/api/workspaces/${doomed.id}/api-keys`, { name: 'Strongest', role: 'admin' });
    const { key, id } = created.body as { key: string; id: string };
    // A key made before keys were capped at admin.
    await t.database.db.update(apiKeys).set({ role: 'owner' }).where(eq(apiKeys.id, id));

    expectRefused(await withKey(key, 'DELETE', `/api/workspaces/${doomed.id}`), 403, MESSAGES.access.peopleOnly);
    const transfer = await withKey(key, 'PATCH', `/api/workspaces/${doomed.id}/members/${admin.id}`, { role: 'owner' });
    expectRefused(transfer, 403, MESSAGES.access.peopleOnly);
    const demoteOwner = await withKey(key, 'PATCH', `/api/workspaces/${doomed.id}/members/${owner.id}`, { role: 'viewer' });
    expectRefused(demoteOwner, 403, MESSAGES.access.peopleOnly);
    // The workspace and its owner are as they were; the key still does an admin's work.
    const members = await withKey(key, 'GET', `/api/workspaces/${doomed.id}/members`);
    expect(members.status).toBe(200);
    expect((members.body as { userId: string; role: string }[]).map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [owner.id, 'owner'],
        [admin.id, 'admin'],
      ].sort(),
    );
    // A person may still do both.
    expect((await apiCall(owner, 'DELETE', `/api/workspaces/${doomed.id}`)).status).toBe(204);
  });

  it('is refused on /auth/v1 and on routes outside its workspace, and works on the routes of its own', async () => {
    const key = (await create(admin, { name: 'Scoped', role: 'admin' })).body.key as string;
    const user = await withKey(key, 'GET', '/auth/v1/user');
    expect(user.status).toBeGreaterThanOrEqual(401);
    expect(user.status).toBeLessThan(404);
    const elsewhere = await createWorkspace(owner, 'Elsewhere');
    expectRefused(await withKey(key, 'GET', `/api/workspaces/${elsewhere.id}/members`), 403, MESSAGES.access.notMember);
    expect((await withKey(key, 'GET', `/api/workspaces/${team.id}/members`)).status).toBe(200);
    // The vendor routes declare their permission: a key lists its workspace's vendors.
    expect(await withKey(key, 'GET', '/api/vendors')).toEqual({ status: 200, body: { items: [], total: 0 } });
    expectRefused(await withKey(key, 'POST', '/api/workspaces', { name: 'By a key' }), 403, MESSAGES.access.peopleOnly);
  });
});
