import type { DashboardCharts, DashboardSummary, Vendor } from '@vendorwatch/contracts';
import { crawlJobs, crawlPages } from '@vendorwatch/db';
import { seedAssessment, seedWorkspaceOf } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';

describe('dashboard API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  const vendorOf = async (user: TestUser, name: string) =>
    (await (await user.api('/api/vendors', { method: 'POST', json: { name } })).json()) as Vendor;

  /** Inserts a finished crawl with pages as a worker would have stored them. */
  async function crawl(
    user: TestUser,
    vendor: Vendor,
    status: 'completed' | 'failed' | 'cancelled',
    times: (number | null)[],
    at: Date,
  ) {
    const workspaceId = await seedWorkspaceOf(t.database.db, user.id, vendor.id);
    const [job] = await t.database.db
      .insert(crawlJobs)
      .values({
        workspaceId,
        userId: user.id,
        vendorId: vendor.id,
        method: 'http',
        status,
        targetUrl: 'https://x.example/',
        createdAt: at,
        completedAt: at,
      })
      .returning();
    if (times.length > 0) {
      await t.database.db.insert(crawlPages).values(
        times.map((ms, i) => ({
          jobId: job!.id,
          workspaceId,
          userId: user.id,
          vendorId: vendor.id,
          url: `https://x.example/${i}`,
          statusCode: ms === null ? null : 200,
          responseTimeMs: ms,
          fetchedAt: at,
        })),
      );
    }
  }

  it('computes each user’s figures from their own rows only', async () => {
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
    const acme = await vendorOf(alice, 'Acme');
    const globex = await vendorOf(alice, 'Globex');
    await vendorOf(alice, 'Never crawled');
    await crawl(alice, acme, 'completed', [100, 200, 300], daysAgo(0));
    await crawl(alice, acme, 'failed', [null], daysAgo(2));
    await crawl(alice, globex, 'completed', [1000], daysAgo(2));
    await crawl(alice, globex, 'cancelled', [], daysAgo(40));
    const initech = await vendorOf(bob, 'Initech');
    await crawl(bob, initech, 'failed', [50], daysAgo(1));

    const summary = (await (await alice.api('/api/dashboard/summary')).json()) as DashboardSummary;
    // Alice: 3 vendors, 2 crawled to completion, 4 crawls (2 completed), 5 stored pages, the 4 answered averaging (100+200+300+1000)/4.
    expect(summary).toEqual({
      totalVendors: 3,
      crawledVendors: 2,
      totalCrawls: 4,
      completedCrawls: 2,
      averageResponseTime: 400,
      totalPages: 5,
    });
    expect(await (await bob.api('/api/dashboard/summary')).json()).toEqual({
      totalVendors: 1,
      crawledVendors: 0,
      totalCrawls: 1,
      completedCrawls: 0,
      averageResponseTime: 50,
      totalPages: 1,
    });

    const charts = (await (await alice.api('/api/dashboard/charts')).json()) as DashboardCharts;
    expect(charts.days).toHaveLength(30);
    expect(charts.days.at(-1)).toMatchObject({ date: now.toISOString().slice(0, 10), completed: 1, failed: 0, pages: 3 });
    const twoDaysAgo = charts.days.find((day) => day.date === daysAgo(2).toISOString().slice(0, 10));
    expect(twoDaysAgo).toMatchObject({ completed: 1, failed: 1, pages: 1 });
    // The crawl 40 days ago is outside the window.
    expect(charts.days.reduce((sum, day) => sum + day.cancelled, 0)).toBe(0);
    expect(charts.responseTimeByVendor).toEqual([
      { vendorId: globex.id, vendorName: 'Globex', averageMs: 1000, pages: 1 },
      { vendorId: acme.id, vendorName: 'Acme', averageMs: 200, pages: 3 },
    ]);
  });

  it('charts the mean compliance rate of each day’s assessments', async () => {
    const carol = await t.signUp();
    const vendor = await vendorOf(carol, 'Assessed Co');
    const now = new Date();
    const daysAgo = (n: number, hour: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - n, hour));
    await seedAssessment(t.database.db, { userId: carol.id, vendorId: vendor.id, assessedAt: daysAgo(3, 1), rate: 60 });
    await seedAssessment(t.database.db, { userId: carol.id, vendorId: vendor.id, assessedAt: daysAgo(3, 2), rate: 95 });
    await seedAssessment(t.database.db, { userId: carol.id, vendorId: vendor.id, assessedAt: daysAgo(0, 0), rate: 88 });
    await seedAssessment(t.database.db, { userId: carol.id, vendorId: vendor.id, assessedAt: daysAgo(45, 0), rate: 10 });

    const charts = (await (await carol.api('/api/dashboard/charts')).json()) as DashboardCharts;
    const rates = charts.days
      .filter((day) => day.complianceRate !== null)
      .map(({ date, complianceRate }) => ({ date, complianceRate }));
    expect(rates).toEqual([
      { date: daysAgo(3, 0).toISOString().slice(0, 10), complianceRate: 77.5 },
      { date: daysAgo(0, 0).toISOString().slice(0, 10), complianceRate: 88 },
    ]);
    const others = (await (await alice.api('/api/dashboard/charts')).json()) as DashboardCharts;
    expect(others.days.every((day) => day.complianceRate === null)).toBe(true);
  });

  it('answers a new user with zeros and no average', async () => {
    const fresh = await t.signUp();
    expect(await (await fresh.api('/api/dashboard/summary')).json()).toEqual({
      totalVendors: 0,
      crawledVendors: 0,
      totalCrawls: 0,
      completedCrawls: 0,
      averageResponseTime: null,
      totalPages: 0,
    });
    const charts = (await (await fresh.api('/api/dashboard/charts')).json()) as DashboardCharts;
    expect(charts.responseTimeByVendor).toEqual([]);
    expect(charts.days.every((day) => day.completed + day.failed + day.cancelled + day.pages === 0)).toBe(true);
  });

  it("counts the workspace's rows for each of its members and its keys, and nobody else's", async () => {
    const team = await shareWorkspace(t);
    const shared = await team.addVendor('Sharedco');
    await seedAssessment(t.database.db, { userId: team.owner.id, vendorId: shared.id, rate: 70 });

    const figures = { totalVendors: 1, crawledVendors: 1, totalCrawls: 1, completedCrawls: 1 };
    expect((await team.call(team.viewer, 'GET', '/api/dashboard/summary')).body).toMatchObject(figures);
    expect((await team.call('key', 'GET', '/api/dashboard/summary')).body).toMatchObject(figures);
    const charts = (await team.call(team.viewer, 'GET', '/api/dashboard/charts')).body as DashboardCharts;
    expect(charts.days.at(-1)).toMatchObject({ completed: 1, complianceRate: 70 });
    // The same people in their own workspaces, and an outsider, see none of it.
    for (const own of [await team.owner.api('/api/dashboard/summary'), await team.outsider.api('/api/dashboard/summary')])
      expect(await own.json()).toMatchObject({ totalVendors: 0, totalCrawls: 0 });
  });
});
