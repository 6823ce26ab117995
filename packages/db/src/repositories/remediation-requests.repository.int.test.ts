import { and, eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing';
import type { WorkspaceId } from '../workspace-id';
import { crawlJobs, remediationEvents, remediationRequests, users } from '../schema';
import { RemediationRequestsRepository } from './remediation-requests.repository';
import { VendorsRepository } from './vendors.repository';
import { WorkspacesRepository } from './workspaces.repository';

/**
 * A request closes with its 'closed' event or not at all: a reader that sees it closed sees why,
 * and a close whose event cannot be written leaves the request open.
 */
describe('RemediationRequestsRepository', () => {
  let database: TestDatabase;
  let requests: RemediationRequestsRepository;
  let workspaceId: WorkspaceId;
  let vendorId: string;
  let userId: string;

  const sendRequest = async () => {
    const request = await requests.create(
      {
        workspaceId,
        vendorId,
        assessmentId: null,
        createdBy: null,
        createdByLabel: 'owner@example.com',
        contactEmail: 'security@vendor.example',
        dueAt: new Date(Date.now() + 7 * 24 * 3600_000),
        message: '',
        checks: [{ checkId: 'image-alt', title: 'Images have alternative text' }],
      },
      'owner@example.com',
    );
    return request.id;
  };
  const stateOf = async (id: string) =>
    (
      await database.db
        .select({ state: remediationRequests.state })
        .from(remediationRequests)
        .where(eq(remediationRequests.id, id))
    )[0]?.state;
  const eventsOf = async (id: string) =>
    (await database.db.select().from(remediationEvents).where(eq(remediationEvents.requestId, id))).map((event) => event.type);

  beforeAll(async () => {
    database = await createTestDatabase();
    requests = new RemediationRequestsRepository(database.db);
    const [owner] = await database.db.insert(users).values({ email: 'owner@example.com', encryptedPassword: 'x' }).returning();
    workspaceId = (await new WorkspacesRepository(database.db).personalOf(owner!.id))!.workspaceId;
    const vendor = await new VendorsRepository(database.db).createWithinCap(
      workspaceId,
      owner!.id,
      { name: 'Acme', url: 'https://acme.example', description: '' },
      10,
    );
    vendorId = vendor === 'full' ? '' : vendor.id;
    userId = owner!.id;
  });
  afterAll(() => database.drop());

  it('undoes a re-check claim with the transaction that failed to apply it: the catch-up finds it again', async () => {
    const id = await sendRequest();
    const [crawl] = await database.db
      .insert(crawlJobs)
      .values({ workspaceId, userId, vendorId, method: 'http', targetUrl: 'https://acme.example/', status: 'completed' })
      .returning();
    await requests.addRecheck(workspaceId, id, crawl!.id, new Date());
    const failed = await requests
      .transaction(async (inTransaction) => {
        expect(await inTransaction.claimRechecksOfCrawl(crawl!.id, new Date())).toHaveLength(1);
        await inTransaction.resolveChecks(id, ['image-alt'], crawl!.id, new Date());
        throw new Error('the worker died here');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('the worker died here');
    expect(await requests.endedUnappliedRecheckCrawls(10)).toEqual([crawl!.id]);
    expect((await requests.checksOf(id)).map((check) => check.status)).toEqual(['open']);
    // Claimed once it commits; a second claim gets none.
    expect(await requests.transaction((inTransaction) => inTransaction.claimRechecksOfCrawl(crawl!.id, new Date()))).toHaveLength(
      1,
    );
    expect(await requests.claimRechecksOfCrawl(crawl!.id, new Date())).toEqual([]);
    expect(await requests.endedUnappliedRecheckCrawls(10)).toEqual([]);
  });

  it('keeps a request with an open check open, and writes no event', async () => {
    const id = await sendRequest();
    const at = new Date();
    expect(
      await requests.closeIfSettled({ workspaceId, requestId: id, actor: 'Vendorwatch', at, detail: { by: 'recheck' } }),
    ).toBeUndefined();
    expect(await stateOf(id)).toBe('sent');
    expect(await eventsOf(id)).toEqual(['sent']);
  });

  it('closes a settled request together with its closed event', async () => {
    const id = await sendRequest();
    const at = new Date();
    expect(await requests.resolveChecks(id, ['image-alt'], null, at)).toEqual(['image-alt']);
    const closed = await requests.closeIfSettled({
      workspaceId,
      requestId: id,
      actor: 'Vendorwatch',
      at,
      detail: { by: 'recheck' },
    });
    expect(closed).toMatchObject({ id, state: 'closed', closedAt: at });
    const [event] = await database.db
      .select()
      .from(remediationEvents)
      .where(and(eq(remediationEvents.requestId, id), eq(remediationEvents.type, 'closed')));
    expect(event).toMatchObject({ requestId: id, actor: 'Vendorwatch', detail: { by: 'recheck' }, at });
    // Closed once: a second call changes nothing and adds no second event.
    expect(await requests.closeIfSettled({ workspaceId, requestId: id, actor: 'Vendorwatch', at })).toBeUndefined();
    expect(await eventsOf(id)).toEqual(['sent', 'closed']);
  });

  it('leaves the request open when its closed event cannot be written', async () => {
    const id = await sendRequest();
    const at = new Date();
    await requests.resolveChecks(id, ['image-alt'], null, at);
    // An event without an actor breaks the table's NOT NULL: the close must roll back with it.
    const failed = await requests.closeIfSettled({ workspaceId, requestId: id, actor: null as unknown as string, at }).then(
      () => 'closed',
      () => 'refused',
    );
    expect(failed).toBe('refused');
    expect(await stateOf(id)).toBe('sent');
    expect(await eventsOf(id)).toEqual(['sent']);
  });
});
