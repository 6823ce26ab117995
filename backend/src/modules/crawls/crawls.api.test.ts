import type { INestApplicationContext } from '@nestjs/common';
import {
  MESSAGES,
  type CrawlJob,
  type CrawlPage,
  type Paginated,
  type TestCrawlResult,
  type Vendor,
} from '@vendorwatch/contracts';
import { crawlJobs } from '@vendorwatch/db';
import { seedWorkspaceOf } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { startFixtureSite, startScrapingBeeServer, waitFor, type FixtureSite } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  addMember,
  apiCall,
  auditEntries,
  createApiKey,
  createWorkspace,
  expectRefused,
  keyCall,
  roleTooLow,
} from '../workspaces/testing/teams';

/** The crawl API end to end: the real backend, a real worker process context, a local website. */
describe('crawl jobs API', () => {
  let t: TestApp;
  let site: FixtureSite;
  let worker: INestApplicationContext | undefined;
  let alice: TestUser;
  let bob: TestUser;
  let vendor: Vendor;

  const json = async <T>(response: Response | Promise<Response>): Promise<T> => (await (await response).json()) as T;

  /** Polls a condition, as the UI polls the API. */
  const until = <T>(probe: () => Promise<T | undefined | false>) => waitFor(probe, { intervalMs: 100 });

  const health = () =>
    json<{ success: boolean; services: { puppeteer: { status: string; workers: number } } }>(fetch(`${t.baseUrl}/api/health`));

  beforeAll(async () => {
    site = await startFixtureSite({ slowMs: 400 });
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    vendor = await json<Vendor>(alice.api('/api/vendors', { method: 'POST', json: { name: 'Fixture Co', url: `${site.url}/` } }));
    const saved = await alice.api(`/api/vendors/${vendor.id}/crawler-settings`, {
      method: 'PUT',
      json: { maxPages: 6, crawlDelay: 500, startUrls: [`${site.url}/`], excludePatterns: ['/drafts/**'] },
    });
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await worker?.close();
    await t.close();
    await site.close();
  });

  it('reports the browser service degraded with no worker, and ok once one runs', async () => {
    const before = await health();
    expect(before).toMatchObject({ success: true, services: { puppeteer: { status: 'degraded', workers: 0 } } });
    worker = await createWorkerApp(t.config);
    await until(async () => (await health()).services.puppeteer.status === 'ok');
  });

  it('starts a crawl, refuses a duplicate, and completes with the pages stored', async () => {
    const first = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
    expect(first.status).toBe(201);
    const job = (await first.json()) as CrawlJob;
    expect(job).toMatchObject({ vendorId: vendor.id, vendorName: 'Fixture Co', method: 'http', targetUrl: `${site.url}/` });
    expect(['queued', 'running']).toContain(job.status);

    const again = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'puppeteer' } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as CrawlJob).id).toBe(job.id);

    const active = await json<CrawlJob[]>(alice.api('/api/crawls/status'));
    expect(active.map((j) => j.id)).toContain(job.id);

    const done = await until(async () => {
      const current = await json<CrawlJob>(alice.api(`/api/crawls/${job.id}`));
      return current.status === 'completed' && current;
    });
    expect(done).toMatchObject({ pagesDone: 6, pagesPlanned: 6, progress: 100 });
    expect(done.startTime).not.toBeNull();
    expect(done.completionTime).not.toBeNull();

    const results = await json<Paginated<CrawlPage>>(alice.api(`/api/crawls/${job.id}/results?limit=4`));
    expect(results.total).toBe(6);
    expect(results.items).toHaveLength(4);
    const home = (await json<Paginated<CrawlPage>>(alice.api(`/api/crawls/${job.id}/results?limit=100`))).items.find(
      (p) => p.url === `${site.url}/`,
    );
    expect(home).toMatchObject({
      statusCode: 200,
      title: expect.any(String),
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // Its compliance report follows moments after: the job names it, and the report names the job.
    expect(done.pagesAnswered).toBe(6);
    const assessed = await until(async () => (await json<CrawlJob>(alice.api(`/api/crawls/${job.id}`))).reportId);
    expect(await json<{ jobId: string }>(alice.api(`/api/reports/${assessed}`))).toMatchObject({ jobId: job.id });

    expect(await json<CrawlJob[]>(alice.api('/api/crawls/status'))).toEqual([]);
    const history = await json<Paginated<CrawlJob>>(alice.api(`/api/crawls?status=completed&vendorId=${vendor.id}`));
    expect(history.items.map((j) => j.id)).toEqual([job.id]);
    expect((await json<Paginated<CrawlJob>>(alice.api('/api/crawls?status=failed'))).total).toBe(0);

    // Another user sees none of it.
    expect((await bob.api(`/api/crawls/${job.id}`)).status).toBe(404);
    expect((await bob.api(`/api/crawls/${job.id}/results`)).status).toBe(404);
    expect((await bob.api(`/api/crawls/${job.id}/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await json<Paginated<CrawlJob>>(bob.api('/api/crawls'))).total).toBe(0);
    expect((await bob.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } })).status).toBe(404);
  });

  it('refuses to crawl a vendor saved without a website address, and says to edit the vendor', async () => {
    const noAddress = await json<Vendor>(alice.api('/api/vendors', { method: 'POST', json: { name: 'No Address Co' } }));
    const refused = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: noAddress.id, method: 'http' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: MESSAGES.crawls.noWebsiteAddress });
  });

  it('validates the start request with the spec’s messages', async () => {
    const noConfig = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'api' } });
    expect(noConfig.status).toBe(400);
    expect(await noConfig.json()).toMatchObject({ message: MESSAGES.crawls.apiKeyRequiredForApiMethod });

    const blankKey = await alice.api('/api/crawls', {
      method: 'POST',
      json: { vendorId: vendor.id, method: 'api', api_key: '   ' },
    });
    expect(await blankKey.json()).toMatchObject({ message: MESSAGES.crawls.apiKeyEmpty });

    const badMethod = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'ftp' } });
    expect(await badMethod.json()).toMatchObject({ message: MESSAGES.crawls.invalidMethod });

    const badRetries = await alice.api('/api/crawls', {
      method: 'POST',
      json: { vendorId: vendor.id, method: 'puppeteer', settings: { maxRetries: 9 } },
    });
    expect(badRetries.status).toBe(400);
    const badWait = await alice.api('/api/crawls', {
      method: 'POST',
      json: { vendorId: vendor.id, method: 'puppeteer', settings: { waitTime: 750 } },
    });
    expect(badWait.status).toBe(400);

    // Fields the server does not use are still bounded.
    for (const [body, message] of [
      [{ api_key: 'k'.repeat(501) }, 'API key must be at most 500 characters'],
      [{ settings: { api_key: 'k'.repeat(501) } }, 'API key must be at most 500 characters'],
      [{ user_email: 'e'.repeat(255) }, 'user_email must be at most 254 characters'],
    ] as const) {
      const answer = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http', ...body } });
      expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([400, message]);
    }
    const longUrl = await alice.api('/api/crawls/test', {
      method: 'POST',
      json: { url: `https://x.example/${'a'.repeat(2048)}`, method: 'http' },
    });
    expect(await longUrl.json()).toMatchObject({ statusCode: 400, message: 'URL must be at most 2048 characters' });
    for (const [query, message] of [
      ['status=exploded', MESSAGES.crawls.unknownStatus],
      ['page=0', 'Page must be a whole number from 1 to 100000'],
      ['limit=0', 'Limit must be a whole number from 1 to 100'],
      ['limit=1000', 'Limit must be a whole number from 1 to 100'],
      ['from=yesterday', MESSAGES.crawls.datesIso],
      ['to=2024-02-30', MESSAGES.crawls.datesIso],
    ]) {
      const answer = await alice.api(`/api/crawls?${query}`);
      expect([query, answer.status, ((await answer.json()) as { message: string }).message]).toEqual([query, 400, message]);
    }
  });

  it('cancels a running crawl within moments, keeping what it fetched', async () => {
    const slow = await json<Vendor>(
      alice.api('/api/vendors', { method: 'POST', json: { name: 'Slow Co', url: `${site.url}/` } }),
    );
    await alice.api(`/api/vendors/${slow.id}/crawler-settings`, {
      method: 'PUT',
      json: { maxPages: 14, crawlDelay: 2000, startUrls: [`${site.url}/`] },
    });
    const job = await json<CrawlJob>(alice.api('/api/crawls', { method: 'POST', json: { vendorId: slow.id, method: 'http' } }));
    await until(async () => (await json<CrawlJob>(alice.api(`/api/crawls/${job.id}`))).pagesDone >= 1);

    const cancelled = await alice.api(`/api/crawls/${job.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    const final = await until(async () => {
      const current = await json<CrawlJob>(alice.api(`/api/crawls/${job.id}`));
      return current.status === 'cancelled' && current;
    });
    expect(final.completionTime).not.toBeNull();
    expect(final.pagesDone).toBeGreaterThanOrEqual(1);
    expect(final.pagesDone).toBeLessThan(14);
    const kept = await json<Paginated<CrawlPage>>(alice.api(`/api/crawls/${job.id}/results?limit=100`));
    expect(kept.total).toBe(final.pagesDone);

    const again = await alice.api(`/api/crawls/${job.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: MESSAGES.crawls.notCancellable });
  });

  it('runs the crawler page’s session crawl and lists its results by session', async () => {
    const sessionId = randomUUID();
    const started = await alice.api('/api/edge-functions/start-crawler', {
      method: 'POST',
      json: { vendor_id: vendor.id, session_id: sessionId },
    });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ sessionId, method: 'http' });
    await until(async () => (await json<CrawlPage[]>(alice.api(`/api/crawler-results?session_id=${sessionId}`))).length >= 1);
    const stopped = await json<CrawlJob>(
      alice.api('/api/edge-functions/stop-crawler', { method: 'POST', json: { session_id: sessionId } }),
    );
    expect(['cancelled', 'completed']).toContain(stopped.status);
    expect(stopped.completionTime).not.toBeNull();
    expect(await json<CrawlPage[]>(bob.api(`/api/crawler-results?session_id=${sessionId}`))).toEqual([]);
    expect((await bob.api('/api/edge-functions/stop-crawler', { method: 'POST', json: { session_id: sessionId } })).status).toBe(
      404,
    );
  });

  it("follows, by its job id, the vendor's crawl started elsewhere: its results, and stopping it", async () => {
    const elsewhere = await json<Vendor>(
      alice.api('/api/vendors', { method: 'POST', json: { name: 'Elsewhere Co', url: `${site.url}/` } }),
    );
    await alice.api(`/api/vendors/${elsewhere.id}/crawler-settings`, {
      method: 'PUT',
      json: { maxPages: 14, crawlDelay: 2000, startUrls: [`${site.url}/`] },
    });
    const job = await json<CrawlJob>(
      alice.api('/api/crawls', { method: 'POST', json: { vendorId: elsewhere.id, method: 'http' } }),
    );
    // The crawler page's start answers the crawl already going, without a session of its own.
    const started = await alice.api('/api/edge-functions/start-crawler', {
      method: 'POST',
      json: { vendor_id: elsewhere.id, session_id: randomUUID() },
    });
    expect(await started.json()).toMatchObject({ id: job.id, sessionId: null });

    await until(async () => (await json<CrawlPage[]>(alice.api(`/api/crawler-results?job_id=${job.id}`))).length >= 1);
    expect(await json<CrawlPage[]>(bob.api(`/api/crawler-results?job_id=${job.id}`))).toEqual([]);
    expect((await bob.api('/api/edge-functions/stop-crawler', { method: 'POST', json: { job_id: job.id } })).status).toBe(404);
    const stopped = await json<CrawlJob>(
      alice.api('/api/edge-functions/stop-crawler', { method: 'POST', json: { job_id: job.id } }),
    );
    expect(stopped).toMatchObject({ id: job.id, status: 'cancelled' });

    for (const [query, message] of [
      ['', MESSAGES.crawls.sessionOrJobRequired],
      [`session_id=${randomUUID()}&job_id=${job.id}`, MESSAGES.crawls.sessionOrJobRequired],
      ['job_id=42', MESSAGES.crawls.jobIdInvalid],
    ]) {
      const answer = await alice.api(`/api/crawler-results?${query}`);
      expect([query, answer.status, ((await answer.json()) as { message: string }).message]).toEqual([query, 400, message]);
    }
    const neither = await alice.api('/api/edge-functions/stop-crawler', { method: 'POST', json: {} });
    expect([neither.status, ((await neither.json()) as { message: string }).message]).toEqual([
      400,
      MESSAGES.crawls.sessionOrJobRequired,
    ]);
  });

  it('runs a test crawl of one URL on the worker', async () => {
    const result = await json<TestCrawlResult>(
      alice.api('/api/crawls/test', { method: 'POST', json: { url: `${site.url}/about`, method: 'http' } }),
    );
    expect(result.data).toMatchObject({ url: `${site.url}/about`, statusCode: 200, title: expect.any(String) });
    expect(result.data.links.length).toBeGreaterThan(0);

    const invalid = await alice.api('/api/crawls/test', { method: 'POST', json: { url: 'not a url' } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: MESSAGES.crawls.enterValidUrl });
  });

  it('a crawl nothing would ever run (its row inserted, its job never enqueued) does not block its vendor: it is resumed', async () => {
    const stuckVendor = await json<Vendor>(
      bob.api('/api/vendors', { method: 'POST', json: { name: 'Stuck Co', url: `${site.url}/` } }),
    );
    const [stuck] = await t.database.db
      .insert(crawlJobs)
      .values({
        workspaceId: await seedWorkspaceOf(t.database.db, bob.id, stuckVendor.id),
        userId: bob.id,
        vendorId: stuckVendor.id,
        method: 'http',
        targetUrl: `${site.url}/`,
        settings: { startUrls: [`${site.url}/`], maxPages: 3, crawlDelay: 500, allowedDomains: [], excludePatterns: [] },
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const answer = await bob.api('/api/crawls', { method: 'POST', json: { vendorId: stuckVendor.id, method: 'http' } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as CrawlJob).id).toBe(stuck!.id);
    const done = await until(async () => {
      const current = await json<CrawlJob>(bob.api(`/api/crawls/${stuck!.id}`));
      return current.status === 'completed' && current;
    });
    expect(done.pagesDone).toBe(3);
  });

  it("shares a workspace's crawls: a viewer follows them and is refused starts and cancels, another workspace gets 404, an editor key starts and cancels", async () => {
    const [owner, viewer, outsider] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const team = await createWorkspace(owner);
    await addMember(t, team.id, viewer, 'viewer');
    const inTeam = { 'x-workspace-id': team.id };
    const shared = (await apiCall(owner, 'POST', '/api/vendors', { name: 'Team Site', url: `${site.url}/` }, inTeam))
      .body as Vendor;
    await apiCall(
      owner,
      'PUT',
      `/api/vendors/${shared.id}/crawler-settings`,
      { maxPages: 14, crawlDelay: 2000, startUrls: [`${site.url}/`] },
      inTeam,
    );
    const start = { vendorId: shared.id, method: 'http' };
    const role = roleTooLow('viewer', 'editor');
    expectRefused(await apiCall(viewer, 'POST', '/api/crawls', start, inTeam), 403, role);
    expectRefused(
      await apiCall(viewer, 'POST', '/api/edge-functions/start-crawler', { vendor_id: shared.id }, inTeam),
      403,
      role,
    );
    expect((await apiCall(outsider, 'POST', '/api/crawls', start)).status).toBe(404);

    const key = await createApiKey(owner, team.id, 'editor', 'Nightly crawl');
    const started = await keyCall(t, key, 'POST', '/api/crawls', start);
    expect(started.status).toBe(201);
    const job = started.body as CrawlJob;
    const [row] = await t.database.db.select().from(crawlJobs).where(eq(crawlJobs.id, job.id));
    expect(row).toMatchObject({ workspaceId: team.id, userId: owner.id });

    expect(
      ((await apiCall(viewer, 'GET', '/api/crawls/status', undefined, inTeam)).body as CrawlJob[]).map((j) => j.id),
    ).toContain(job.id);
    expect((await apiCall(viewer, 'GET', `/api/crawls/${job.id}`, undefined, inTeam)).body).toMatchObject({
      vendorName: 'Team Site',
    });
    expect(
      ((await apiCall(viewer, 'GET', '/api/crawls', undefined, inTeam)).body as Paginated<CrawlJob>).items.map((j) => j.id),
    ).toContain(job.id);
    expect((await apiCall(viewer, 'GET', `/api/crawls/${job.id}/results`, undefined, inTeam)).status).toBe(200);
    expectRefused(await apiCall(viewer, 'POST', `/api/crawls/${job.id}/cancel`, undefined, inTeam), 403, role);
    expectRefused(await apiCall(viewer, 'POST', '/api/edge-functions/stop-crawler', { job_id: job.id }, inTeam), 403, role);
    for (const path of [`/api/crawls/${job.id}`, `/api/crawls/${job.id}/results`])
      expect((await apiCall(outsider, 'GET', path)).status).toBe(404);
    expect((await apiCall(outsider, 'POST', `/api/crawls/${job.id}/cancel`)).status).toBe(404);
    expect((await apiCall(outsider, 'GET', '/api/crawls/status')).body).toEqual([]);

    const cancelled = await keyCall(t, key, 'POST', `/api/crawls/${job.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await until(
      async () => (await apiCall(owner, 'GET', `/api/crawls/${job.id}`, undefined, inTeam)).body.status === 'cancelled',
    );

    expect((await auditEntries(owner, team.id, 'crawl.start'))[0]).toMatchObject({
      actorType: 'api_key',
      actorLabel: 'Nightly crawl',
      targetType: 'crawl',
      targetId: job.id,
      summary: { vendorId: shared.id, method: 'http', vendorName: 'Team Site', created: true },
    });
    expect((await auditEntries(owner, team.id, 'crawl.cancel'))[0]).toMatchObject({ actorType: 'api_key', targetId: job.id });
  });

  it("crawls by the API method with the workspace's active configuration, whoever added it", async () => {
    const bee = await startScrapingBeeServer({ keys: { 'team-key-4321': 100 } });
    try {
      const [owner, editor] = [await t.signUp(), await t.signUp()];
      const team = await createWorkspace(owner);
      await addMember(t, team.id, editor, 'editor');
      const inTeam = { 'x-workspace-id': team.id };
      const config = { name: 'Team bee', apiKey: 'team-key-4321', apiEndpoint: bee.endpoint };
      expect((await apiCall(owner, 'POST', '/api/crawler-configs', config, inTeam)).status).toBe(201);
      const shared = (await apiCall(editor, 'POST', '/api/vendors', { name: 'Via API', url: `${site.url}/` }, inTeam))
        .body as Vendor;
      await apiCall(
        editor,
        'PUT',
        `/api/vendors/${shared.id}/crawler-settings`,
        { maxPages: 2, crawlDelay: 500, startUrls: [`${site.url}/`] },
        inTeam,
      );
      const started = await apiCall(editor, 'POST', '/api/crawls', { vendorId: shared.id, method: 'api' }, inTeam);
      expect(started.status).toBe(201);
      const done = await until(async () => {
        const current = (await apiCall(editor, 'GET', `/api/crawls/${started.body.id}`, undefined, inTeam)).body as CrawlJob;
        return ['completed', 'failed'].includes(current.status) && current;
      });
      expect(done).toMatchObject({ status: 'completed', pagesDone: 2 });
      expect(bee.usage('team-key-4321')?.used).toBeGreaterThanOrEqual(2);
    } finally {
      await bee.close();
    }
  });
});
