import {
  alertChannels,
  alertDeliveries,
  AlertsRepository,
  crawlChanges,
  CrawlChangesRepository,
  CrawlDomainPostureRepository,
  crawlJobs,
  CrawlJobsRepository,
  users,
  VendorsRepository,
  workspaceMembers,
  workspaces,
} from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf, type TestDatabase } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { SecretBox } from '../../crypto';
import { AlertEvaluator } from './alert-evaluator';
import { storedTarget } from './channel-target';

/**
 * Issue 28, row 2: what one crawl may send. Rules of one kind that fire together are one message per
 * channel; channels to the same place get it once; pending email channels get nothing; a crawl sends
 * at most `perCrawl` messages; evaluating it again sends nothing more.
 */
describe('AlertEvaluator', () => {
  let database: TestDatabase;
  let alerts: AlertsRepository;
  const secrets = new SecretBox(SecretBox.generateKey());
  const queued: string[] = [];
  const evaluator = (perCrawl: number) =>
    new AlertEvaluator(
      alerts,
      new CrawlJobsRepository(database.db),
      new CrawlChangesRepository(database.db),
      new VendorsRepository(database.db),
      new CrawlDomainPostureRepository(database.db),
      { publicUrl: 'https://vw.example', perCrawl },
      async (id) => void queued.push(id),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    alerts = new AlertsRepository(database.db);
  });
  afterAll(() => database.drop());

  /** A user and their personal workspace, where their channels, rules and crawls here belong. */
  const user = async () => {
    const [row] = await database.db
      .insert(users)
      .values({ email: `u-${Math.random()}@example.test`, encryptedPassword: 'x' })
      .returning();
    return { ...row!, workspaceId: await personalWorkspaceOf(database.db, row!.id) };
  };
  const channel = async (userId: string, name: string, kind: 'email' | 'webhook', target: string, confirmed = true) =>
    alerts.createChannel({
      workspaceId: await personalWorkspaceOf(database.db, userId),
      userId,
      name,
      kind,
      ...storedTarget(secrets, kind, target),
      confirmedAt: confirmed ? new Date() : null,
    });
  const crawl = async (userId: string, status: 'completed' | 'failed') =>
    (
      await database.db
        .insert(crawlJobs)
        .values({
          workspaceId: await personalWorkspaceOf(database.db, userId),
          userId,
          method: 'http',
          status,
          targetUrl: 'https://v.example/',
          error: status === 'failed' ? 'down' : null,
        })
        .returning()
    )[0]!.id;

  it('merges rules of one kind into one message per channel, and skips pending and same-place channels', async () => {
    const owner = await user();
    const hook = await channel(owner.id, 'Hook', 'webhook', 'https://hooks.example/a');
    // A second channel to the same URL, as an earlier version let one add.
    await channel(owner.id, 'Hook again', 'webhook', 'https://hooks.example/a');
    await channel(owner.id, 'Unconfirmed', 'email', 'someone@example.test', false);
    const mail = await channel(owner.id, 'Me', 'email', 'me@example.test');
    await alerts.createRule({ workspaceId: owner.workspaceId, userId: owner.id, kind: 'check_fails', minSeverity: null });
    await alerts.createRule({ workspaceId: owner.workspaceId, userId: owner.id, kind: 'check_fails', minSeverity: 'high' });
    await alerts.createRule({ workspaceId: owner.workspaceId, userId: owner.id, kind: 'label_drop' });
    const jobId = await crawl(owner.id, 'completed');
    const finding = (checkId: string, severity: 'high' | 'low') => ({
      checkId,
      title: `${checkId} check`,
      severity,
      outcome: 'fail' as const,
      previousOutcome: 'pass' as const,
    });
    await database.db.insert(crawlChanges).values({
      jobId,
      previousJobId: await crawl(owner.id, 'completed'),
      workspaceId: owner.workspaceId,
      userId: owner.id,
      findingsNew: [finding('hsts', 'high'), finding('alt', 'low')],
      labelBefore: 'Compliant',
      labelAfter: 'Non-Compliant',
      rateBefore: 95,
      rateAfter: 50,
    });

    expect(await evaluator(20).evaluate(jobId)).toBe(4);
    const rows = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, jobId));
    expect(rows.map((row) => [row.channelId, row.ruleKind]).sort()).toEqual(
      [
        [hook.id, 'label_drop'],
        [hook.id, 'check_fails'],
        [mail.id, 'label_drop'],
        [mail.id, 'check_fails'],
      ].sort(),
    );
    const checkFails = rows.find((row) => row.ruleKind === 'check_fails')!;
    expect(checkFails.event.details).toEqual(['Newly failing (high): hsts check', 'Newly failing (low): alt check']);

    // Evaluated again (a reconciler, a retry): nothing more.
    expect(await evaluator(20).evaluate(jobId)).toBe(0);
  });

  it('sends at most perCrawl messages for one crawl, the most important events first', async () => {
    const owner = await user();
    for (let i = 0; i < 6; i++) await channel(owner.id, `Hook ${i}`, 'webhook', `https://hooks.example/${i}`);
    await alerts.createRule({ workspaceId: owner.workspaceId, userId: owner.id, kind: 'crawl_failed' });
    const jobId = await crawl(owner.id, 'failed');
    expect(await evaluator(4).evaluate(jobId)).toBe(4);
    expect(await evaluator(4).evaluate(jobId)).toBe(0);
    expect(await alerts.countDeliveriesOfCrawl(jobId)).toBe(4);
  });

  it('stores a webhook URL encrypted, with its masked form in clear', async () => {
    const owner = await user();
    const row = await channel(owner.id, 'Slack', 'webhook', 'https://hooks.slack.com/services/T000/B000/XXXXhushYYYY');
    const [stored] = await database.db.select().from(alertChannels).where(eq(alertChannels.id, row.id));
    expect(stored!.target).toBe('https://hooks.slack.com/••••YYYY');
    expect(JSON.stringify(stored)).not.toContain('hush');
    expect(secrets.decrypt(stored!.targetEncrypted!)).toBe('https://hooks.slack.com/services/T000/B000/XXXXhushYYYY');
  });

  it("alerts the channels of the crawl's workspace by its rules, whoever started the crawl", async () => {
    const [owner, colleague] = [await user(), await user()];
    const [team] = await database.db.insert(workspaces).values({ name: 'Team', createdBy: owner.id }).returning();
    await database.db.insert(workspaceMembers).values([
      { workspaceId: team!.id, userId: owner.id, role: 'owner' },
      { workspaceId: team!.id, userId: colleague.id, role: 'editor' },
    ]);
    const teamHook = await alerts.createChannel({
      userId: owner.id,
      workspaceId: team!.id,
      name: 'Team hook',
      kind: 'webhook',
      ...storedTarget(secrets, 'webhook', 'https://hooks.example/team'),
      confirmedAt: new Date(),
    });
    await alerts.createRule({ userId: owner.id, workspaceId: team!.id, kind: 'crawl_failed' });
    // The colleague's personal channel and rule are theirs alone: a team crawl does not reach them.
    await channel(colleague.id, 'Personal hook', 'webhook', 'https://hooks.example/personal');
    await alerts.createRule({ workspaceId: colleague.workspaceId, userId: colleague.id, kind: 'crawl_failed' });
    const [job] = await database.db
      .insert(crawlJobs)
      .values({
        userId: colleague.id,
        workspaceId: team!.id,
        method: 'http',
        status: 'failed',
        targetUrl: 'https://v.example/',
        error: 'down',
      })
      .returning();

    expect(await evaluator(10).evaluate(job!.id)).toBe(1);
    const sent = await database.db.select().from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, job!.id));
    expect(sent.map((delivery) => [delivery.channelId, delivery.workspaceId])).toEqual([[teamHook.id, team!.id]]);
  });
});
