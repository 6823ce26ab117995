import { MESSAGES, type AuditEntry, type Workspace } from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { csvRecords } from '../reports/testing/read-exports';
import { addMember, apiCall, createWorkspace, expectRefused, roleTooLow } from '../workspaces/testing/teams';
import { AUDIT_CSV_COLUMNS } from './audit-log-csv';

/**
 * The audit log over the API: one entry per change made through the teams routes (who, what, the
 * target, a summary without secrets, the client address), filtered and paged, exported as CSV that a
 * spreadsheet reads safely; owners and admins only.
 */
describe('audit log', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let viewer: TestUser;
  let team: Workspace;
  let apiKey: { id: string; key: string };
  const hostileKeyName = '=HYPERLINK("http://evil.example")\n+SUM(1)';

  const auditPath = (query = '') => `/api/workspaces/${team.id}/audit-log${query}`;
  const entries = async (query = '') => {
    const answer = await apiCall(owner, 'GET', auditPath(query));
    expect(answer.status).toBe(200);
    return answer.body as { items: AuditEntry[]; total: number; page: number; limit: number };
  };
  const exportCsv = async (by: TestUser, query = '') => by.api(`/api/workspaces/${team.id}/audit-log/export${query}`);

  beforeAll(async () => {
    t = await startTestApp();
    [owner, admin, viewer] = await Promise.all(
      ['owner', 'admin', 'viewer'].map((who) => t.signUp(`${who}-${Date.now()}@example.com`)),
    );
    // The changes: each is one entry, newest last here.
    team = await createWorkspace(owner, 'Audited');
    await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}`, { name: 'Audited team' });
    await addMember(t, team.id, admin, 'editor');
    await addMember(t, team.id, viewer, 'viewer');
    await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}/members/${admin.id}`, { role: 'admin' });
    const invitation = await apiCall(admin, 'POST', `/api/workspaces/${team.id}/invitations`, {
      email: 'someone@example.com',
      role: 'viewer',
    });
    await apiCall(admin, 'DELETE', `/api/workspaces/${team.id}/invitations/${invitation.body.id}`);
    apiKey = (await apiCall(admin, 'POST', `/api/workspaces/${team.id}/api-keys`, { name: hostileKeyName, role: 'admin' })).body;
    // A change made with the key: its actor is the key, by the name it had.
    const byKey = await fetch(`${t.baseUrl}/api/workspaces/${team.id}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scripted@example.com', role: 'editor' }),
    });
    expect(byKey.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('holds one entry per change, newest first, with actor, target, summary and client address', async () => {
    const page = await entries();
    expect(page.total).toBe(7);
    expect(page.items.map((entry) => [entry.action, entry.actorType, entry.actorLabel])).toEqual([
      ['invitation.create', 'api_key', hostileKeyName],
      ['api_key.create', 'user', admin.email],
      ['invitation.revoke', 'user', admin.email],
      ['invitation.create', 'user', admin.email],
      ['member.role_change', 'user', owner.email],
      ['workspace.update', 'user', owner.email],
      ['workspace.create', 'user', owner.email],
    ]);
    const [byKey, keyCreated, , , roleChange, renamed, created] = page.items;
    expect(byKey).toMatchObject({
      actorId: apiKey.id,
      targetType: 'invitation',
      summary: { email: 'scripted@example.com', role: 'editor' },
    });
    expect(keyCreated).toMatchObject({
      targetType: 'api_key',
      targetId: apiKey.id,
      targetName: hostileKeyName,
      summary: { name: hostileKeyName, role: 'admin', last4: apiKey.key.slice(-4) },
    });
    expect(roleChange).toMatchObject({
      actorId: owner.id,
      targetType: 'member',
      targetId: admin.id,
      targetName: admin.email,
      summary: { role: 'admin', previousRole: 'editor', email: admin.email },
      clientAddress: '127.0.0.1',
    });
    expect(renamed).toMatchObject({
      targetType: 'workspace',
      targetId: team.id,
      targetName: 'Audited team',
      summary: { name: 'Audited team', previousName: 'Audited' },
    });
    // Never a secret: not the key, not an invitation's token.
    expect(JSON.stringify(page.items)).not.toContain(apiKey.key.slice(4, -4));
    // The workspace's creation is the first entry of its own log.
    expect(created).toMatchObject({
      actorId: owner.id,
      targetType: 'workspace',
      targetId: team.id,
      summary: { name: 'Audited' },
    });
  });

  it('filters by actor (id, email or key name), action and time, and pages', async () => {
    expect((await entries(`?actor=${owner.id}`)).total).toBe(3);
    expect((await entries(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`)).total).toBe(3);
    expect((await entries(`?actor=${encodeURIComponent(hostileKeyName)}`)).items.map((e) => e.action)).toEqual([
      'invitation.create',
    ]);
    expect((await entries('?action=invitation.create')).total).toBe(2);
    // The start of an action finds every action of that kind.
    expect((await entries('?action=invitation')).items.map((e) => e.action)).toEqual([
      'invitation.create',
      'invitation.revoke',
      'invitation.create',
    ]);
    expect((await entries('?action=workspace')).total).toBe(2);
    expect((await entries('?action=vendor')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`?from=${today}&to=${today}`)).total).toBe(7);
    expect((await entries('?to=2020-01-01')).total).toBe(0);
    expect((await entries(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    const all = (await entries()).items.map((entry) => entry.id);
    const second = await entries('?page=2&limit=2');
    expect(second).toMatchObject({ total: 7, page: 2, limit: 2 });
    expect(second.items.map((entry) => entry.id)).toEqual(all.slice(2, 4));
  });

  it('answers 400 for filters it cannot read', async () => {
    expectRefused(await apiCall(owner, 'GET', auditPath('?from=yesterday')), 400, MESSAGES.auditLog.invalidTime);
    expectRefused(await apiCall(owner, 'GET', auditPath('?from=2026-02-02&to=2026-02-01')), 400, MESSAGES.auditLog.toBeforeFrom);
    expectRefused(await apiCall(owner, 'GET', auditPath('?action=DROP%20TABLE')), 400, MESSAGES.auditLog.invalidAction);
    expectRefused(await apiCall(owner, 'GET', auditPath(`?actor=${'x'.repeat(300)}`)), 400, MESSAGES.auditLog.invalidActor);
    expectRefused(await apiCall(owner, 'GET', auditPath('?limit=1000')), 400, 'Limit must be a whole number from 1 to 100');
  });

  it('exports CSV a spreadsheet reads as text, and records the export', async () => {
    const response = await exportCsv(admin, '?action=invitation.create');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}T\d{6}Z\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const [header, ...rows] = csvRecords(bytes);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    // The key's name started with a formula and held a line break: quoted, and each line starts as text.
    expect(rows[0]![2]).toBe(`'=HYPERLINK("http://evil.example")\n'+SUM(1)`);
    expect(bytes.toString('utf8')).toContain(`"'=HYPERLINK(""http://evil.example"")\n'+SUM(1)"`);
    expect(rows.map((row) => row[4])).toEqual(['invitation.create', 'invitation.create']);
    // The target by name and the summary as words, not JSON.
    expect(rows[1]![6]).toBe('someone@example.com');
    expect(rows[1]![8]).toBe('Role: viewer; Email: someone@example.com');

    const recorded = await entries('?action=audit_log.export');
    expect(recorded.items).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        targetType: 'audit_log',
        summary: { filters: { action: 'invitation.create' } },
      }),
    ]);
  });

  it('is for owners and admins only', async () => {
    const needsAdmin = roleTooLow('viewer', 'admin');
    expectRefused(await apiCall(viewer, 'GET', auditPath()), 403, needsAdmin);
    const exported = await exportCsv(viewer);
    expect(exported.status).toBe(403);
    expect(((await exported.json()) as { message: string }).message).toBe(needsAdmin);
    const outsider = await t.signUp();
    expectRefused(await apiCall(outsider, 'GET', auditPath()), 403, MESSAGES.access.notMember);
  });
});
