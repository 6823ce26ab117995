import { MESSAGES, WORKSPACE_HEADER, type Vendor, type Workspace } from '@vendorwatch/contracts';
import { auditLog, vendors } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall, auditEntries, createWorkspace, expectRefused } from '../workspaces/testing/teams';

/**
 * Issue 37 row 3: no change without its entry. A string no column can store (a lone UTF-16
 * surrogate, NUL) is refused before anything is written, so the change cannot land while its audit
 * entry fails; a change that does land has its entry, written in the same transaction.
 */
describe('audit log: no change without its entry', () => {
  let t: TestApp;
  let owner: TestUser;
  let team: Workspace;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signUp();
    team = await createWorkspace(owner, 'Atomic team');
  });
  afterAll(() => t?.close());

  const inTeam = () => ({ [WORKSPACE_HEADER]: team.id });
  const vendorCount = async () =>
    (
      await t.database.db
        .select()
        .from(vendors)
        .where(eq(vendors.workspaceId, team.id as never))
    ).length;
  const entryCount = async () =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.workspaceId, team.id as never))
    ).length;

  it.each([
    ['a lone surrogate', 'Quiet Co \ud800', MESSAGES.generic.loneSurrogate],
    ['a low surrogate alone', '\udfffQuiet Co', MESSAGES.generic.loneSurrogate],
    ['a NUL character', 'Quiet Co \u0000', MESSAGES.generic.nulCharacter],
  ])('refuses a vendor named with %s: 400, no vendor, no entry', async (_what, name, message) => {
    const [vendorsBefore, entriesBefore] = [await vendorCount(), await entryCount()];
    const answer = await apiCall(owner, 'POST', '/api/vendors', { name, url: 'https://quiet.example.com' }, inTeam());
    expectRefused(answer, 400, message);
    expect(answer.body.errors).toEqual([{ path: 'name', message }]);
    // In a nested field too (a domain), and on an update of an existing vendor.
    const nested = await apiCall(owner, 'POST', '/api/vendors', { name: 'Fine', domains: [`x${name}.example.com`] }, inTeam());
    expectRefused(nested, 400, message);
    expect([await vendorCount(), await entryCount()]).toEqual([vendorsBefore, entriesBefore]);
  });

  it('refuses a workspace rename holding a lone surrogate or NUL: the name stays, no entry', async () => {
    const entriesBefore = await entryCount();
    for (const [name, message] of [
      ['Renamed \ud83d', MESSAGES.generic.loneSurrogate],
      ['Renamed \u0000', MESSAGES.generic.nulCharacter],
    ] as const) {
      expectRefused(await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}`, { name }), 400, message);
    }
    expect((await apiCall(owner, 'GET', '/api/workspaces')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: team.id, name: 'Atomic team' })]),
    );
    expect(await entryCount()).toBe(entriesBefore);
  });

  it('accepts a well-formed name with characters beyond the BMP, and records the change as validated', async () => {
    const created = await apiCall(
      owner,
      'POST',
      '/api/vendors',
      { name: '  Quiet Co 😀  ', url: 'https://quiet.example.com' },
      inTeam(),
    );
    expect(created.status).toBe(201);
    const vendor = created.body as Vendor;
    expect(vendor.name).toBe('Quiet Co 😀');
    const [entry] = await auditEntries(owner, team.id, 'vendor.create');
    // The summary is the accepted input (trimmed), not the raw body.
    expect(entry).toMatchObject({ targetId: vendor.id, summary: { name: 'Quiet Co 😀', url: 'https://quiet.example.com' } });

    expect((await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}`, { name: 'Atomic team 😀' })).status).toBe(200);
    expect((await auditEntries(owner, team.id, 'workspace.update'))[0]).toMatchObject({ summary: { name: 'Atomic team 😀' } });
    // Every vendor in the workspace has its creation recorded.
    expect(await vendorCount()).toBe((await auditEntries(owner, team.id, 'vendor.create')).length);
  });

  it('rolls the change back when its entry cannot be written: the vendor and its entry land together or not at all', async () => {
    // The database itself refuses this one entry (a fault put in the test's own database).
    await t.database.db.execute(sql`
      create function refuse_one_entry() returns trigger language plpgsql as $$
      begin
        if new.summary->>'name' = 'Refused by the log' then raise exception 'audit log unavailable'; end if;
        return new;
      end $$;
      create trigger refuse_one_entry before insert on audit_log for each row execute function refuse_one_entry();
    `);
    const [vendorsBefore, entriesBefore] = [await vendorCount(), await entryCount()];
    const answer = await apiCall(owner, 'POST', '/api/vendors', { name: 'Refused by the log' }, inTeam());
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect([await vendorCount(), await entryCount()]).toEqual([vendorsBefore, entriesBefore]);
    const renamed = await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}`, { name: 'Refused by the log' });
    expect(renamed.status).toBeGreaterThanOrEqual(500);
    expect((await apiCall(owner, 'GET', '/api/workspaces')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: team.id, name: 'Atomic team 😀' })]),
    );
  });

  it('refuses unstorable text in a query string as well', async () => {
    const query = await apiCall(owner, 'GET', `/api/workspaces/${team.id}/audit-log?actor=${encodeURIComponent('a\u0000b')}`);
    expectRefused(query, 400, MESSAGES.generic.nulCharacter);
  });
});
