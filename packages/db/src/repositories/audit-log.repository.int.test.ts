import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing';
import { asWorkspaceId, type WorkspaceId } from '../workspace-id';
import { auditLog, users } from '../schema';
import { AuditLogRepository, type NewAuditEntry } from './audit-log.repository';
import { WorkspacesRepository } from './workspaces.repository';

/**
 * The audit log is append-only at the database: whoever connects — the app's own role included —
 * cannot change or remove an entry, with or without a WHERE that matches, nor empty the table.
 */
describe('AuditLogRepository', () => {
  let database: TestDatabase;
  let log: AuditLogRepository;
  let workspaceId: WorkspaceId;
  let otherWorkspace: WorkspaceId;
  const entry = (overrides: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
    workspaceId,
    actorType: 'user',
    actorId: null,
    actorLabel: 'owner@example.com',
    action: 'workspace.update',
    targetType: 'workspace',
    targetId: workspaceId,
    summary: { name: 'Renamed' },
    clientAddress: '203.0.113.7',
    ...overrides,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    log = new AuditLogRepository(database.db);
    const [owner] = await database.db.insert(users).values({ email: 'owner@example.com', encryptedPassword: 'x' }).returning();
    const workspaces = new WorkspacesRepository(database.db);
    workspaceId = (await workspaces.personalOf(owner!.id))!.workspaceId;
    const team = await workspaces.createOwned(owner!.id, 'Team', 5);
    otherWorkspace = team === 'full' ? asWorkspaceId('') : team.workspaceId;
  });
  afterAll(() => database.drop());

  it('refuses UPDATE, DELETE and TRUNCATE through SQL, and keeps every entry as written', async () => {
    const written = await log.append(entry());
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await database.db.execute(statement).then(
        () => undefined,
        (failure: { cause?: Error } & Error) => failure.cause ?? failure,
      );
      expect(error?.message).toMatch(/^audit_log is append-only: (UPDATE|DELETE|TRUNCATE) is not allowed$/);
    };
    await refused(sql`update ${auditLog} set action = 'nothing.happened' where id = ${written.id}`);
    await refused(sql`update ${auditLog} set summary = '{}'`);
    await refused(sql`delete from ${auditLog} where id = ${written.id}`);
    // A statement that matches no row is refused too: nothing can be slipped through a WHERE.
    await refused(sql`delete from ${auditLog} where false`);
    await refused(sql`truncate ${auditLog}`);
    const [kept] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} = ${written.id}`);
    expect(kept).toEqual(written);
  });

  it('lists a workspace’s entries newest first, filtered, and reads them all back in batches', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    for (let minute = 0; minute < 5; minute++)
      await database.db
        .insert(auditLog)
        .values({ ...entry({ action: minute % 2 ? 'member.remove' : 'invitation.create' }), at: at(minute) });
    await log.append(entry({ workspaceId: otherWorkspace, action: 'member.remove' }));

    const page = await log.list(workspaceId, { action: 'member.remove', from: at(0), to: at(4) }, 1, 1);
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.at)).toEqual([at(3)]);
    expect((await log.list(workspaceId, { actorLabel: 'OWNER@example.com' }, 1, 100)).total).toBe(6);

    const read: Date[] = [];
    for await (const batch of log.batches(workspaceId, { from: at(0), to: at(5) }, 100)) read.push(...batch.map((row) => row.at));
    expect(read).toEqual([4, 3, 2, 1, 0].map(at));
    // Two at a time, over entries that share a time: the (at, id) keyset neither skips nor repeats one.
    for (let i = 0; i < 3; i++) await database.db.insert(auditLog).values({ ...entry(), at: at(2) });
    const paged: string[] = [];
    for await (const batch of log.batches(workspaceId, { from: at(0), to: at(5) }, 100, 2))
      paged.push(...batch.map((row) => row.id));
    const all = (await log.list(workspaceId, { from: at(0), to: at(5) }, 1, 100)).rows.map((row) => row.id);
    expect(all).toHaveLength(8);
    expect(paged).toEqual(all);
    const capped: Date[] = [];
    for await (const batch of log.batches(workspaceId, { from: at(0), to: at(5) }, 2)) capped.push(...batch.map((row) => row.at));
    expect(capped).toEqual([at(4), at(3)]);
  });
});
