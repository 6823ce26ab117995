import { API_KEY_PREFIX, MESSAGES, type WorkspaceRole } from '@vendorwatch/contracts';
import {
  ApiKeysRepository,
  WorkspaceMembersRepository,
  WorkspacesRepository,
  workspaceMembers,
  type WorkspaceId,
} from '@vendorwatch/db';
import { startAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { call } from '../../testing/gotrue-http';
import { expectRefused, roleTooLow } from '../workspaces/testing/teams';
import { generateApiKey } from './api-key-secret';

/**
 * The /api guard on its own (the auth module and probe routes that read or write in the request's
 * workspace): who is calling, in which workspace, with which role — read on every request.
 */
describe('The /api guard: workspaces, roles and API keys', () => {
  let t: AuthTestApp;
  let workspaces: WorkspacesRepository;
  let members: WorkspaceMembersRepository;
  let keys: ApiKeysRepository;
  const people: Record<'owner' | 'member' | 'stranger', { id: string; token: string }> = {} as never;
  let team: WorkspaceId;
  let ownerPersonal: WorkspaceId;

  const probe = (token: string, headers: Record<string, string> = {}) =>
    call(t.baseUrl, 'GET', '/api/auth-probe/workspace', { token, headers });
  const write = (token: string, headers: Record<string, string> = {}) =>
    call(t.baseUrl, 'POST', '/api/auth-probe/workspace', { token, headers });
  const setRole = async (userId: string, role: WorkspaceRole) =>
    t.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: team, userId, role })
      .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
  const newKey = async (role: WorkspaceRole, createdBy: string, expiresAt: Date | null = null) => {
    const secret = generateApiKey();
    const row = await keys.create(
      {
        workspaceId: team,
        name: `${role} key`,
        role,
        prefix: secret.prefix,
        keyHash: secret.hash,
        last4: secret.last4,
        createdBy,
        expiresAt,
      },
      50,
    );
    if (row === 'full') throw new Error('too many keys');
    return { ...row, key: secret.key };
  };

  beforeAll(async () => {
    t = await startAuthTestApp({ AUTH_AUTOCONFIRM: 'true' });
    for (const who of ['owner', 'member', 'stranger'] as const) {
      const signUp = await call(t.baseUrl, 'POST', '/auth/v1/signup', {
        json: { email: `${who}@example.com`, password: 'correct-horse-9' },
      });
      people[who] = { id: signUp.body.user.id, token: signUp.body.access_token };
    }
    workspaces = new WorkspacesRepository(t.database.db);
    members = new WorkspaceMembersRepository(t.database.db);
    keys = new ApiKeysRepository(t.database.db);
    const created = await workspaces.createOwned(people.owner.id, 'Team', 10);
    if (created === 'full') throw new Error('cannot create');
    team = created.workspaceId;
    ownerPersonal = (await workspaces.personalOf(people.owner.id))!.workspaceId;
  });
  afterAll(() => t.close());

  it('acts in the personal workspace by default, and in the one X-Workspace-Id names', async () => {
    const personal = await probe(people.owner.token);
    expect(personal.status).toBe(200);
    expect(personal.body).toEqual({
      workspaceId: ownerPersonal,
      role: 'owner',
      personal: true,
      actor: { type: 'user', id: people.owner.id, label: 'owner@example.com' },
      userId: people.owner.id,
    });
    const named = await probe(people.owner.token, { 'x-workspace-id': team.toUpperCase() });
    expect(named.body).toMatchObject({ workspaceId: team, role: 'owner', personal: false });
  });

  it('answers 400 for a header that is no workspace id, and 403 for a workspace the caller is not in', async () => {
    expectRefused(await probe(people.owner.token, { 'x-workspace-id': 'my-team' }), 400, MESSAGES.access.invalidWorkspaceHeader);
    expectRefused(await probe(people.stranger.token, { 'x-workspace-id': team }), 403, MESSAGES.access.notMember);
    expectRefused(await probe(people.stranger.token, { 'x-workspace-id': ownerPersonal }), 403, MESSAGES.access.notMember);
    // One that does not exist reads the same: ids of others' workspaces reveal nothing.
    expectRefused(
      await probe(people.stranger.token, { 'x-workspace-id': '00000000-0000-4000-8000-000000000000' }),
      403,
      MESSAGES.access.notMember,
    );
  });

  it("checks the route's permission against the caller's role of this request", async () => {
    await setRole(people.member.id, 'viewer');
    const headers = { 'x-workspace-id': team };
    expect((await probe(people.member.token, headers)).body).toMatchObject({ role: 'viewer' });
    expectRefused(await write(people.member.token, headers), 403, roleTooLow('viewer', 'editor'));
    await setRole(people.member.id, 'editor');
    expect((await write(people.member.token, headers)).status).toBe(200);
  });

  it("refuses a removed member's very next request", async () => {
    await setRole(people.member.id, 'editor');
    const headers = { 'x-workspace-id': team };
    expect((await probe(people.member.token, headers)).status).toBe(200);
    expect(await members.remove(team, people.member.id)).toBe('removed');
    expectRefused(await probe(people.member.token, headers), 403, MESSAGES.access.notMember);
    // Their own workspace still works.
    expect((await probe(people.member.token)).status).toBe(200);
  });

  it("takes people on a person's own routes (no workspace), and never an API key", async () => {
    const person = await call(t.baseUrl, 'GET', '/api/auth-probe', { token: people.stranger.token });
    expect(person.status).toBe(200);
    const { key } = await newKey('admin', people.owner.id);
    expectRefused(await call(t.baseUrl, 'GET', '/api/auth-probe', { token: key }), 403, MESSAGES.access.peopleOnly);
  });

  it('lets an API key act in its own workspace with its role, and nowhere else', async () => {
    const { key, id } = await newKey('viewer', people.owner.id);
    const answer = await probe(key);
    expect(answer.body).toEqual({
      workspaceId: team,
      role: 'viewer',
      personal: false,
      actor: { type: 'api_key', id, label: 'viewer key' },
      userId: people.owner.id,
    });
    expectRefused(await write(key), 403, roleTooLow('viewer', 'editor'));
    expectRefused(await probe(key, { 'x-workspace-id': ownerPersonal }), 403, MESSAGES.access.notMember);
    expect((await probe(key, { 'x-workspace-id': team })).status).toBe(200);
  });

  it('refuses keys that are unknown, malformed, revoked, lapsed, or whose creator left; and bounds a key by its creator’s role', async () => {
    expectRefused(await probe(`${API_KEY_PREFIX}${'A'.repeat(43)}`), 401, MESSAGES.access.invalidApiKey);
    expectRefused(await probe(`${API_KEY_PREFIX}short`), 401, MESSAGES.access.invalidApiKey);
    const revoked = await newKey('editor', people.owner.id);
    expect((await probe(revoked.key)).status).toBe(200);
    await keys.revoke(team, revoked.id);
    expectRefused(await probe(revoked.key), 401, MESSAGES.access.invalidApiKey);
    const lapsed = await newKey('editor', people.owner.id, new Date(Date.now() - 1000));
    expectRefused(await probe(lapsed.key), 401, MESSAGES.access.apiKeyExpired);

    await setRole(people.member.id, 'admin');
    const members = await newKey('admin', people.member.id);
    expect((await write(members.key)).status).toBe(200);
    await setRole(people.member.id, 'viewer');
    expect((await probe(members.key)).body).toMatchObject({ role: 'viewer' });
    expectRefused(await write(members.key), 403, roleTooLow('viewer', 'editor'));
    await new WorkspaceMembersRepository(t.database.db).remove(team, people.member.id);
    expectRefused(await probe(members.key), 401, MESSAGES.access.invalidApiKey);
  });

  it('never takes an API key on /auth/v1', async () => {
    const { key } = await newKey('owner', people.owner.id);
    expect((await probe(key)).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/auth/v1/user'],
      ['POST', '/auth/v1/logout'],
      ['GET', '/auth/v1/factors'],
    ] as const) {
      // Refused exactly as any token that is no access token of this server (401 or 403, as GoTrue answers each route).
      const answer = await call(t.baseUrl, method, path, { token: key });
      const garbage = await call(t.baseUrl, method, path, { token: 'not-an-access-token' });
      expect(answer.status).toBeGreaterThanOrEqual(401);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: garbage.status, body: garbage.body });
    }
  });
});
