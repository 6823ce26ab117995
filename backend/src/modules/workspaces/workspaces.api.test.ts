import { LIMITS, MESSAGES, type Workspace } from '@vendorwatch/contracts';
import { vendors } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace, expectRefused, roleTooLow } from './testing/teams';

/** Workspaces and their members over the REST surface of issue 33, on PostgreSQL. */
describe('workspaces and members', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;

  const memberPath = (workspace: Workspace, user: TestUser) => `/api/workspaces/${workspace.id}/members/${user.id}`;

  /** A team with one member of each role. */
  const team = async (name: string) => {
    const workspace = await createWorkspace(owner, name);
    await addMember(t, workspace.id, admin, 'admin');
    await addMember(t, workspace.id, editor, 'editor');
    await addMember(t, workspace.id, viewer, 'viewer');
    return workspace;
  };

  beforeAll(async () => {
    t = await startTestApp();
    [owner, admin, editor, viewer, outsider] = await Promise.all(
      ['owner', 'admin', 'editor', 'viewer', 'outsider'].map((who) => t.signUp(`${who}-${Date.now()}@example.com`)),
    );
  });
  afterAll(() => t?.close());

  it('gives every new account a personal workspace it owns, where its data already goes', async () => {
    const listed = await apiCall(owner, 'GET', '/api/workspaces');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ id: expect.any(String), name: 'Personal', role: 'owner', personal: true }]);
    // The routes of before keep their shape and act in it.
    const vendor = await apiCall(owner, 'POST', '/api/vendors', { name: 'Acme', url: 'https://acme.example/' });
    expect(vendor.status).toBe(201);
    const [row] = await t.database.db
      .select({ workspaceId: vendors.workspaceId })
      .from(vendors)
      .where(eq(vendors.id, vendor.body.id));
    expect(row!.workspaceId).toBe(listed.body[0].id);
    expect((await apiCall(owner, 'GET', '/api/vendors')).body).toEqual({
      items: [expect.objectContaining({ id: vendor.body.id })],
      total: 1,
    });
  });

  it('creates a shared workspace owned by its creator, lists it after the personal one, and renames it', async () => {
    const created = await apiCall(owner, 'POST', '/api/workspaces', { name: '  Security team  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Security team', role: 'owner', personal: false });
    const listed = await apiCall(owner, 'GET', '/api/workspaces');
    expect(listed.body.map((w: Workspace) => [w.name, w.role, w.personal])).toEqual([
      ['Personal', 'owner', true],
      ['Security team', 'owner', false],
    ]);
    const renamed = await apiCall(owner, 'PATCH', `/api/workspaces/${created.body.id}`, { name: 'Vendor risk' });
    expect(renamed).toEqual({ status: 200, body: { ...created.body, name: 'Vendor risk' } });
    // Others do not see it.
    expect((await apiCall(outsider, 'GET', '/api/workspaces')).body).toEqual([expect.objectContaining({ personal: true })]);
  });

  it('answers 400 with the catalogue message for a missing or overlong name', async () => {
    expectRefused(await apiCall(owner, 'POST', '/api/workspaces', { name: '   ' }), 400, MESSAGES.workspaces.nameRequired);
    expectRefused(await apiCall(owner, 'POST', '/api/workspaces', {}), 400, MESSAGES.workspaces.nameRequired);
    expectRefused(
      await apiCall(owner, 'POST', '/api/workspaces', { name: 'x'.repeat(LIMITS.workspaces.nameMaxLength + 1) }),
      400,
      `Name must be at most ${LIMITS.workspaces.nameMaxLength} characters`,
    );
  });

  it('refuses a workspace the caller is not in (403), and an id that cannot be one (404)', async () => {
    const workspace = await createWorkspace(owner, 'Private');
    expectRefused(await apiCall(outsider, 'GET', `/api/workspaces/${workspace.id}/members`), 403, MESSAGES.access.notMember);
    expectRefused(
      await apiCall(outsider, 'PATCH', `/api/workspaces/${workspace.id}`, { name: 'Mine' }),
      403,
      MESSAGES.access.notMember,
    );
    expectRefused(await apiCall(owner, 'GET', '/api/workspaces/not-an-id/members'), 404, MESSAGES.workspaces.notFound);
  });

  it('lets every member read the members; admins change roles but never an owner’s; viewers and editors manage nothing', async () => {
    const workspace = await team('Roles');
    for (const reader of [owner, admin, editor, viewer]) {
      const members = await apiCall(reader, 'GET', `/api/workspaces/${workspace.id}/members`);
      expect(members.status).toBe(200);
      expect(members.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
        [owner.email, 'owner'],
        [admin.email, 'admin'],
        [editor.email, 'editor'],
        [viewer.email, 'viewer'],
      ]);
    }
    const promoted = await apiCall(admin, 'PATCH', memberPath(workspace, viewer), { role: 'editor' });
    expect(promoted).toEqual({
      status: 200,
      body: { userId: viewer.id, email: viewer.email, role: 'editor', joinedAt: expect.any(String) },
    });
    expectRefused(
      await apiCall(admin, 'PATCH', memberPath(workspace, owner), { role: 'viewer' }),
      403,
      MESSAGES.workspaces.ownersOnly,
    );
    expectRefused(await apiCall(admin, 'DELETE', memberPath(workspace, owner)), 403, MESSAGES.workspaces.ownersOnly);
    expectRefused(
      await apiCall(admin, 'PATCH', memberPath(workspace, editor), { role: 'owner' }),
      403,
      MESSAGES.workspaces.ownersOnly,
    );
    expectRefused(
      await apiCall(editor, 'PATCH', memberPath(workspace, viewer), { role: 'viewer' }),
      403,
      roleTooLow('editor', 'admin'),
    );
    expectRefused(await apiCall(viewer, 'DELETE', memberPath(workspace, editor)), 403, roleTooLow('editor', 'admin'));
    await addMember(t, workspace.id, viewer, 'viewer');
    expectRefused(await apiCall(viewer, 'DELETE', memberPath(workspace, editor)), 403, roleTooLow('viewer', 'admin'));
    expectRefused(
      await apiCall(viewer, 'PATCH', `/api/workspaces/${workspace.id}`, { name: 'Mine' }),
      403,
      roleTooLow('viewer', 'owner'),
    );
    expectRefused(
      await apiCall(owner, 'PATCH', memberPath(workspace, viewer), { role: 'boss' }),
      400,
      MESSAGES.workspaces.invalidRole,
    );
    expectRefused(
      await apiCall(owner, 'PATCH', memberPath(workspace, outsider), { role: 'viewer' }),
      404,
      MESSAGES.workspaces.memberNotFound,
    );
  });

  it('always keeps an owner: the last one stays, and ownership moves by making another member owner', async () => {
    const workspace = await team('Ownership');
    expectRefused(
      await apiCall(owner, 'PATCH', memberPath(workspace, owner), { role: 'admin' }),
      409,
      MESSAGES.workspaces.lastOwner,
    );
    expectRefused(await apiCall(owner, 'DELETE', memberPath(workspace, owner)), 409, MESSAGES.workspaces.lastOwner);
    expect((await apiCall(owner, 'PATCH', memberPath(workspace, admin), { role: 'owner' })).status).toBe(200);
    expect((await apiCall(owner, 'PATCH', memberPath(workspace, owner), { role: 'viewer' })).body.role).toBe('viewer');
    expectRefused(
      await apiCall(admin, 'PATCH', memberPath(workspace, admin), { role: 'editor' }),
      409,
      MESSAGES.workspaces.lastOwner,
    );
    // The new owner may delete the workspace; the former one, now a viewer, may not.
    expectRefused(await apiCall(owner, 'DELETE', `/api/workspaces/${workspace.id}`), 403, roleTooLow('viewer', 'owner'));
    expect((await apiCall(admin, 'DELETE', `/api/workspaces/${workspace.id}`)).status).toBe(204);
  });

  it('never takes a personal workspace from its owner, nor deletes it', async () => {
    const personal = (await apiCall(owner, 'GET', '/api/workspaces')).body.find((w: Workspace) => w.personal) as Workspace;
    await addMember(t, personal.id, admin, 'owner');
    expectRefused(
      await apiCall(admin, 'PATCH', memberPath(personal, owner), { role: 'admin' }),
      409,
      MESSAGES.workspaces.personalOwnerStays,
    );
    expectRefused(await apiCall(admin, 'DELETE', memberPath(personal, owner)), 409, MESSAGES.workspaces.personalOwnerStays);
    expectRefused(
      await apiCall(owner, 'DELETE', `/api/workspaces/${personal.id}`),
      409,
      MESSAGES.workspaces.personalNotDeletable,
    );
    expect((await apiCall(owner, 'DELETE', memberPath(personal, admin))).status).toBe(204);
  });

  it("names the owner of another user's personal workspace a member was invited into", async () => {
    const theirs = (await apiCall(outsider, 'GET', '/api/workspaces')).body.find((w: Workspace) => w.personal) as Workspace;
    await addMember(t, theirs.id, viewer, 'viewer');
    const listed = (await apiCall(viewer, 'GET', '/api/workspaces')).body as Workspace[];
    // Both are called "Personal": the one of another user names them; the viewer's own names nobody.
    const personal = listed.filter((w) => w.personal);
    expect(personal.find((w) => w.id === theirs.id)).toMatchObject({
      name: 'Personal',
      role: 'viewer',
      ownerEmail: outsider.email,
    });
    expect(personal.filter((w) => w.id !== theirs.id)).toEqual([
      { id: expect.any(String), name: 'Personal', role: 'owner', personal: true },
    ]);
    // A shared workspace names nobody.
    const shared = await createWorkspace(outsider, 'Named by nobody');
    const mine = (await apiCall(outsider, 'GET', '/api/workspaces')).body as Workspace[];
    expect(mine.find((w) => w.id === shared.id)).not.toHaveProperty('ownerEmail');
    expect((await apiCall(outsider, 'DELETE', memberPath(theirs, viewer))).status).toBe(204);
  });

  it("ends a removed member's access on their very next request", async () => {
    const workspace = await team('Removal');
    expect((await apiCall(editor, 'GET', `/api/workspaces/${workspace.id}/members`)).status).toBe(200);
    expect((await apiCall(admin, 'DELETE', memberPath(workspace, editor))).status).toBe(204);
    expectRefused(await apiCall(editor, 'GET', `/api/workspaces/${workspace.id}/members`), 403, MESSAGES.access.notMember);
    expect((await apiCall(editor, 'GET', '/api/workspaces')).body.map((w: Workspace) => w.id)).not.toContain(workspace.id);
  });

  it('deletes a shared workspace with everything in it, for owners only', async () => {
    const workspace = await team('Short-lived');
    expectRefused(await apiCall(admin, 'DELETE', `/api/workspaces/${workspace.id}`), 403, roleTooLow('admin', 'owner'));
    expect((await apiCall(owner, 'DELETE', `/api/workspaces/${workspace.id}`)).status).toBe(204);
    expectRefused(await apiCall(owner, 'GET', `/api/workspaces/${workspace.id}/members`), 403, MESSAGES.access.notMember);
    expect((await apiCall(viewer, 'GET', '/api/workspaces')).body.map((w: Workspace) => w.id)).not.toContain(workspace.id);
  });
});
