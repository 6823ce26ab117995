import {
  AuditLogRepository,
  auditLog,
  ComplianceAssessmentsRepository,
  RemediationRequestsRepository,
  users,
  VendorLinksRepository,
  type WorkspaceId,
} from '@vendorwatch/db';
import {
  createTestDatabase,
  insertVendor,
  personalWorkspaceOf,
  seedAssessment,
  type TestDatabase,
} from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { RemediationRechecks } from './remediation-rechecks';

/**
 * What a re-check crawl's ending does to the requests that asked for it, on the server database and
 * on the embedded one `npm start` runs: there a transaction holds the only connection, so a read
 * beside it would wait for it for ever.
 */
describe.each(['postgres', 'pglite'] as const)('re-check crawls applied on %s', (driver) => {
  let database: TestDatabase;
  let requests: RemediationRequestsRepository;
  let rechecks: RemediationRechecks;
  let workspaceId: WorkspaceId;
  let userId: string;
  let vendorId: string;
  /** A completed, assessed crawl: transport.https passes in it, headers.csp fails. */
  let crawlJobId: string;

  const sendRequest = async (checkIds: string[]) => {
    const request = await requests.create(
      {
        workspaceId,
        vendorId,
        assessmentId: null,
        createdBy: userId,
        createdByLabel: 'owner@example.com',
        contactEmail: 'security@vendor.example',
        dueAt: new Date(Date.now() + 7 * 24 * 3600_000),
        message: '',
        checks: checkIds.map((checkId) => ({ checkId, title: checkId })),
      },
      'owner@example.com',
    );
    await requests.addRecheck(workspaceId, request.id, crawlJobId, new Date());
    return request.id;
  };
  const eventsOf = async (id: string) => (await requests.eventsOf(id)).map((event) => event.type);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    requests = new RemediationRequestsRepository(database.db);
    rechecks = new RemediationRechecks(
      requests,
      new VendorLinksRepository(database.db),
      new AuditLogRepository(database.db),
      new ComplianceAssessmentsRepository(database.db),
    );
    const [owner] = await database.db.insert(users).values({ email: 'owner@example.com', encryptedPassword: 'x' }).returning();
    userId = owner!.id;
    workspaceId = await personalWorkspaceOf(database.db, userId);
    vendorId = (await insertVendor(database.db, userId, { name: 'Acme', url: 'https://acme.example', description: '' })).id;
    ({ jobId: crawlJobId } = await seedAssessment(database.db, { userId, vendorId, failing: ['headers.csp'] }));
  });
  afterAll(() => database.drop());

  it('resolves what passes, keeps open what fails, closes a request with nothing left open, and applies each re-check once', async () => {
    const partly = await sendRequest(['transport.https', 'headers.csp']);
    const fixed = await sendRequest(['transport.https']);

    await rechecks.crawlEnded(crawlJobId);

    expect((await requests.checksOf(partly)).map((check) => [check.checkId, check.status])).toEqual([
      ['transport.https', 'resolved'],
      ['headers.csp', 'open'],
    ]);
    expect(await eventsOf(partly)).toEqual(['sent', 'recheck_completed', 'resolved']);
    expect((await requests.findById(partly))?.state).toBe('sent');
    expect((await requests.findById(fixed))?.state).toBe('closed');
    expect(await eventsOf(fixed)).toEqual(['sent', 'recheck_completed', 'resolved', 'closed']);
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.targetId, fixed));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['remediation_request.close', 'remediation_request.resolve']);

    // The crawl handler and the reconciler's catch-up both come by: the second finds nothing to apply.
    await rechecks.crawlEnded(crawlJobId);
    expect(await rechecks.catchUp()).toBe(0);
    expect(await eventsOf(partly)).toEqual(['sent', 'recheck_completed', 'resolved']);
  });
});
