import type { DomainPostureFacts } from '@vendorwatch/compliance';
import type { AlertEvent } from '@vendorwatch/contracts';
import {
  alertDeliveries,
  AlertsRepository,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  crawlJobs,
  CrawlJobsRepository,
  users,
  vendors,
  VendorsRepository,
} from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf, seedWorkspaceOf, type TestDatabase } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { AlertEvaluator } from './alert-evaluator';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Certificates end at fixed moments (an hour past the whole day), whichever crawl reads them. */
const BASE = Date.now() + 60 * 60 * 1000;

/** HTTPS origins of vendor.example whose certificates end these many days after the facts were read. */
const facts = (certificates: Record<string, number>): DomainPostureFacts => {
  const checkedAt = new Date();
  return {
    checkedAt: checkedAt.toISOString(),
    domains: [],
    origins: Object.entries(certificates).map(([host, days]) => ({
      origin: `https://${host}`,
      host,
      certificate: { validTo: new Date(BASE + days * DAY_MS).toISOString() },
    })),
    lookups: { queries: 0 },
  } as unknown as DomainPostureFacts;
};

/** Issue 31 §3: "certificate expires within N days" through the alert rules, once per certificate and channel. */
describe('certificate-expiry alerts', () => {
  let database: TestDatabase;
  let alerts: AlertsRepository;
  let posture: CrawlDomainPostureRepository;
  let evaluator: AlertEvaluator;
  const queued: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    alerts = new AlertsRepository(database.db);
    posture = new CrawlDomainPostureRepository(database.db);
    evaluator = new AlertEvaluator(
      alerts,
      new CrawlJobsRepository(database.db),
      new CrawlChangesRepository(database.db),
      new VendorsRepository(database.db),
      posture,
      { publicUrl: 'https://vw.example', perCrawl: 10 },
      async (id) => void queued.push(id),
    );
  });
  afterAll(() => database.drop());

  async function owner() {
    const [user] = await database.db
      .insert(users)
      .values({ email: `cert-${Math.random()}@example.test`, encryptedPassword: 'x' })
      .returning();
    const workspaceId = await personalWorkspaceOf(database.db, user!.id);
    const [vendor] = await database.db
      .insert(vendors)
      .values({ workspaceId, userId: user!.id, name: 'Acme', url: 'https://vendor.example' })
      .returning();
    await alerts.createChannel({
      workspaceId,
      userId: user!.id,
      name: 'Me',
      kind: 'email',
      target: 'me@example.test',
      confirmedAt: new Date(),
    });
    return { userId: user!.id, vendorId: vendor!.id, workspaceId };
  }

  async function crawlWith(userId: string, vendorId: string, certificates: Record<string, number>): Promise<string> {
    const workspaceId = await seedWorkspaceOf(database.db, userId, vendorId);
    const [job] = await database.db
      .insert(crawlJobs)
      .values({
        workspaceId,
        userId,
        vendorId,
        method: 'http',
        status: 'completed',
        targetUrl: 'https://vendor.example/',
        completedAt: new Date(),
      })
      .returning();
    await posture.save(workspaceId, job!.id, facts(certificates));
    return job!.id;
  }

  const eventsOf = async (userId: string): Promise<AlertEvent[]> =>
    (await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId))).map((row) => row.event);

  it('fires on the first crawl that sees a certificate ending within the window, naming each one, soonest first', async () => {
    const { userId, vendorId, workspaceId } = await owner();
    await alerts.createRule({ workspaceId, userId, kind: 'certificate_expiring', withinDays: 30 });
    const jobId = await crawlWith(userId, vendorId, {
      'www.vendor.example': 12,
      'api.vendor.example': -2,
      'docs.vendor.example': 90,
    });

    expect(await evaluator.evaluate(jobId)).toBe(1);
    const [event] = await eventsOf(userId);
    expect(event).toMatchObject({
      rule: 'certificate_expiring',
      subject: 'Acme: a certificate expires soon',
      vendorName: 'Acme',
    });
    expect(event!.details).toEqual([
      expect.stringMatching(/^The certificate of api\.vendor\.example expired 2 days ago/),
      expect.stringMatching(/^The certificate of www\.vendor\.example expires in 12 days/),
    ]);
  });

  it('says nothing again for the same certificates on the next crawl, and again once another one nears its end', async () => {
    const { userId, vendorId, workspaceId } = await owner();
    await alerts.createRule({ workspaceId, userId, kind: 'certificate_expiring', withinDays: 30 });
    const first = await crawlWith(userId, vendorId, { 'www.vendor.example': 12 });
    expect(await evaluator.evaluate(first)).toBe(1);
    expect(await evaluator.evaluate(first)).toBe(0);

    const second = await crawlWith(userId, vendorId, { 'www.vendor.example': 12 });
    expect(await evaluator.evaluate(second)).toBe(0);

    const third = await crawlWith(userId, vendorId, { 'www.vendor.example': 12, 'shop.vendor.example': 5 });
    expect(await evaluator.evaluate(third)).toBe(1);
    expect((await eventsOf(userId)).length).toBe(2);
  });

  it('stays silent outside the window, and for a rule with a shorter one', async () => {
    const { userId, vendorId, workspaceId } = await owner();
    await alerts.createRule({ workspaceId, userId, kind: 'certificate_expiring', withinDays: 7 });
    const jobId = await crawlWith(userId, vendorId, { 'www.vendor.example': 12 });
    expect(await evaluator.evaluate(jobId)).toBe(0);
    expect(await eventsOf(userId)).toEqual([]);
  });
});
