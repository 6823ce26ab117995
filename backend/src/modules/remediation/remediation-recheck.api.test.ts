import type { INestApplicationContext } from '@nestjs/common';
import { fill, MESSAGES, VENDOR_PORTAL_PATH, type CrawlJob, type Vendor } from '@vendorwatch/contracts';
import { complianceCheckResults, remediationRechecks, remediationRequests } from '@vendorwatch/db';
import { insertCompletedCrawl } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { startFixtureSite, waitFor, type FixtureSite } from '../../../../test-support';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall, expectRefused } from '../workspaces/testing/teams';

/**
 * "I fixed it": the vendor asks for a re-check through the link; a real crawl of the (now fixed)
 * fixture site runs on a worker, and every check of the request that passes in its assessment is
 * resolved — a request with nothing left open closes. One re-check at a time, three a day.
 */
describe('remediation re-checks', () => {
  let smtp: SmtpCatcher;
  let site: FixtureSite;
  let t: TestApp;
  let worker: INestApplicationContext;
  let alice: TestUser;
  let vendor: Vendor;
  let stillFailing: string;
  const M = MESSAGES.remediation;
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

  const portal = async (token: string, method: string, path = '') => {
    const response = await fetch(`${t.baseUrl}/api/portal/${token}${path}`, {
      method,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
    return { status: response.status, body: (await response.json()) as any };
  };
  const send = async (checkIds: string[], contactEmail: string) => {
    const created = await apiCall(alice, 'POST', `/api/vendors/${vendor.id}/remediation-requests`, {
      checkIds,
      contactEmail,
      dueAt: inDays(7),
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(contactEmail));
    return { id: created.body.id as string, token: new URL(firstLink(mail)).pathname.slice(VENDOR_PORTAL_PATH.length + 1) };
  };
  const workspaceOf = async (requestId: string) => {
    const [row] = await t.database.db
      .select({ workspaceId: remediationRequests.workspaceId })
      .from(remediationRequests)
      .where(eq(remediationRequests.id, requestId));
    return row!.workspaceId;
  };
  const detail = async (id: string) => (await apiCall(alice, 'GET', `/api/remediation-requests/${id}`)).body;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    site = await startFixtureSite();
    t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY_HOPS: '1' });
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    vendor = await addVendor(alice, site, { maxPages: 30, crawlDelay: 500, excludePatterns: ['/drafts/**'] });

    const started = await apiCall(alice, 'POST', '/api/crawls', { vendorId: vendor.id, method: 'http' });
    expect(started.status).toBe(201);
    const reportId = await waitFor(
      async () => (await apiCall(alice, 'GET', `/api/crawls/${started.body.id}`)).body.reportId as string | null,
      { timeoutMs: 120_000, what: 'the first crawl assessed' },
    );
    const results = await t.database.db
      .select()
      .from(complianceCheckResults)
      .where(eq(complianceCheckResults.assessmentId, reportId));
    // The contact page has images without alt: fixed below. Another check fails and stays failing.
    expect(results.find((result) => result.checkId === 'image-alt')?.outcome).toBe('fail');
    stillFailing = results.find((result) => result.outcome === 'fail' && result.checkId !== 'image-alt')!.checkId;
  }, 180_000);
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await site?.close();
    await smtp?.close();
  });

  it('re-crawls the fixed site, resolves the check that now passes and closes the request', async () => {
    const fixed = await send(['image-alt'], 'fixed@vendor.example');
    const partly = await send(['image-alt', stillFailing], 'partly@vendor.example');
    site.setPage(
      '/contact',
      'Contact',
      `<img src="/images/map.png" alt="Map"><a href="/">Home</a> <a href="/privacy">Privacy</a> <a href="/terms">Terms</a>`,
    );

    const recheck = await portal(fixed.token, 'POST', '/recheck');
    expect(recheck.status).toBe(202);
    expect(recheck.body).toEqual({ crawlJobId: expect.any(String), state: 'started' });
    // One at a time: the crawl is still queued or running.
    expectRefused(await portal(fixed.token, 'POST', '/recheck'), 409, M.recheckRunning);
    expect((await portal(fixed.token, 'GET')).body.recheck).toMatchObject({ running: true, usedToday: 1, perDay: 3 });

    const closed = await waitFor(
      async () => {
        const current = await detail(fixed.id);
        return current.state === 'closed' && current;
      },
      { timeoutMs: 120_000, what: 'the re-checked request closed' },
    );
    expect(closed.checks).toEqual([expect.objectContaining({ checkId: 'image-alt', status: 'resolved' })]);
    expect(closed.events.map((event: { type: string }) => event.type)).toEqual([
      'sent',
      'recheck_requested',
      'viewed',
      'recheck_completed',
      'resolved',
      'closed',
    ]);
    const crawl = (await apiCall(alice, 'GET', `/api/crawls/${recheck.body.crawlJobId}`)).body as CrawlJob;
    expect(crawl).toMatchObject({ vendorId: vendor.id, status: 'completed', method: 'http' });
    // The vendor still sees the outcome, and can ask for nothing more.
    const page = await portal(fixed.token, 'GET');
    expect(page.body).toMatchObject({ state: 'closed', checks: [expect.objectContaining({ status: 'resolved' })] });
    expectRefused(await portal(fixed.token, 'POST', '/recheck'), 409, fill(M.notOpen, { state: 'closed' }));

    // The other request asked for no re-check: its checks are as they were.
    expect((await detail(partly.id)).checks.map((check: { status: string }) => check.status)).toEqual(['open', 'open']);
    const again = await portal(partly.token, 'POST', '/recheck');
    expect(again.status).toBe(202);
    const settled = await waitFor(
      async () => {
        const current = await detail(partly.id);
        return current.events.some((event: { type: string }) => event.type === 'recheck_completed') && current;
      },
      { timeoutMs: 120_000, what: 'the second re-check applied' },
    );
    // What passes is resolved; what still fails stays open, and the request stays open.
    expect(settled.checks.map((check: { status: string }) => check.status)).toEqual(['resolved', 'open']);
    expect(settled.state).toBe('sent');
  }, 300_000);

  it("counts a re-check as running from its crawl's end until its outcome is applied", async () => {
    // The crawl ends first; its assessment and the re-check's step follow. A vendor's page that stopped
    // reading the request in between would show its checks unresolved until reloaded.
    const request = await send([stillFailing], 'pending@vendor.example');
    const workspaceId = await workspaceOf(request.id);
    const { jobId } = await insertCompletedCrawl(t.database.db, { workspaceId, userId: alice.id, vendorId: vendor.id });
    const [recheck] = await t.database.db
      .insert(remediationRechecks)
      .values({ workspaceId, requestId: request.id, crawlJobId: jobId })
      .returning();
    expect((await portal(request.token, 'GET')).body.recheck).toMatchObject({ running: true });
    expectRefused(await portal(request.token, 'POST', '/recheck'), 409, M.recheckRunning);

    await t.database.db.update(remediationRechecks).set({ appliedAt: new Date() }).where(eq(remediationRechecks.id, recheck!.id));
    expect((await portal(request.token, 'GET')).body.recheck).toMatchObject({ running: false });

    // One whose crawl ended long ago and was never applied (its assessment failed) no longer holds the vendor back.
    const { jobId: old } = await insertCompletedCrawl(t.database.db, {
      workspaceId,
      userId: alice.id,
      vendorId: vendor.id,
      completedAt: new Date(Date.now() - 3600_000),
    });
    await t.database.db.insert(remediationRechecks).values({ workspaceId, requestId: request.id, crawlJobId: old });
    expect((await portal(request.token, 'GET')).body.recheck).toMatchObject({ running: false });
  });

  it('allows three re-checks a day per request', async () => {
    const request = await send([stillFailing], 'daily@vendor.example');
    const workspaceId = await workspaceOf(request.id);
    // Three asked for earlier today, whose crawls have ended (or were never kept).
    await t.database.db.insert(remediationRechecks).values(
      [1, 2, 3].map((hours) => ({
        workspaceId,
        requestId: request.id,
        crawlJobId: null,
        requestedAt: new Date(Date.now() - hours * 3600_000),
        appliedAt: new Date(),
      })),
    );
    const refused = await portal(request.token, 'POST', '/recheck');
    expectRefused(refused, 429, fill(M.recheckDailyCap, { max: 3 }));
  });
});
