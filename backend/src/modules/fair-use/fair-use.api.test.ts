import type { INestApplicationContext } from '@nestjs/common';
import type { CrawlJob, Vendor, Workspace } from '@vendorwatch/contracts';
import { startFixtureSite, waitFor, type FixtureSite } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall, createApiKey, createWorkspace, keyCall } from '../workspaces/testing/teams';

/**
 * Fair use: per-user limits on crawl starts and on the expensive routes (429 with Retry-After),
 * and a per-user cap on running crawls that leaves workers to other users.
 */
describe('fair use', () => {
  let t: TestApp;
  let site: FixtureSite;
  let worker: INestApplicationContext | undefined;
  let alice: TestUser;
  let bob: TestUser;
  const aliceVendors: Vendor[] = [];
  let bobVendor: Vendor;
  const started: { user: () => TestUser; job: CrawlJob }[] = [];

  const start = (user: TestUser, vendor: Vendor) =>
    user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
  const status = async (user: TestUser, id: string) => ((await (await user.api(`/api/crawls/${id}`)).json()) as CrawlJob).status;

  beforeAll(async () => {
    // Slow pages and a long site: the crawls are still running when the test looks at them.
    site = await startFixtureSite({ extraPages: 60, flakyFailures: 0, slowMs: 300 });
    t = await startTestApp({
      CRAWL_STARTS_PER_WINDOW: '3',
      EXPENSIVE_REQUESTS_PER_WINDOW: '2',
      CRAWLS_RUNNING_PER_USER: '2',
    });
    alice = await t.signUp();
    bob = await t.signUp();
    for (const name of ['One', 'Two', 'Three', 'Four'])
      aliceVendors.push(await addVendor(alice, site, { maxPages: 100, crawlDelay: 500 }, `Alice ${name}`));
    bobVendor = await addVendor(bob, site, { maxPages: 100, crawlDelay: 500 }, 'Bob Co');
  });

  afterAll(async () => {
    await Promise.allSettled(started.map(({ user, job }) => user().api(`/api/crawls/${job.id}/cancel`, { method: 'POST' })));
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  it('a user over the crawl-start limit gets 429 with Retry-After; another user still starts at once', async () => {
    for (const vendor of aliceVendors.slice(0, 3)) {
      const answer = await start(alice, vendor);
      expect(answer.status).toBe(201);
      started.push({ user: () => alice, job: (await answer.json()) as CrawlJob });
    }
    const refused = await start(alice, aliceVendors[3]!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many crawls started: at most 3 every hour\. Try again in \d+ s\.$/,
    );

    const bobs = await start(bob, bobVendor);
    expect(bobs.status).toBe(201);
    started.push({ user: () => bob, job: (await bobs.json()) as CrawlJob });
  });

  it("counts an API key's starts against its creator's allowance, in any of their workspaces", async () => {
    const personal = ((await apiCall(alice, 'GET', '/api/workspaces')).body as Workspace[]).find((w) => w.personal)!;
    const key = await createApiKey(alice, personal.id, 'editor');
    const refused = await keyCall(t, key, 'POST', '/api/crawls', { vendorId: aliceVendors[3]!.id, method: 'http' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many crawls started: at most 3 every hour\./);
    // Another workspace of hers is no fresh allowance either.
    const team = await createWorkspace(alice);
    const teamVendor = await apiCall(
      alice,
      'POST',
      '/api/vendors',
      { name: 'Team Co', url: 'https://team.example/' },
      { 'x-workspace-id': team.id },
    );
    const inTeam = await apiCall(
      alice,
      'POST',
      '/api/crawls',
      { vendorId: teamVendor.body.id, method: 'http' },
      { 'x-workspace-id': team.id },
    );
    expect(inTeam.status).toBe(429);
  });

  it('the expensive routes are limited per user', async () => {
    for (let i = 0; i < 2; i++) expect((await alice.api('/api/scrapingbee/test')).status).not.toBe(429);
    const refused = await alice.api('/api/reports/export', { method: 'POST', json: { format: 'csv' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many requests of this kind: at most 2 every minute/,
    );
    expect((await bob.api('/api/scrapingbee/test')).status).not.toBe(429);
  });

  it("a user's third crawl waits while their two others and another user's crawl run", async () => {
    worker = await createWorkerApp(t.config);
    const [a1, a2, a3, b1] = started.map(({ job }) => job.id) as [string, string, string, string];
    await waitFor(
      async () => {
        const statuses = await Promise.all([a1, a2, a3].map((id) => status(alice, id)));
        return statuses.filter((s) => s === 'running').length === 2 && (await status(bob, b1)) === 'running';
      },
      { what: "two of alice's crawls and bob's running" },
    );
    const waiting = (await Promise.all([a1, a2, a3].map(async (id) => [id, await status(alice, id)] as const))).find(
      ([, s]) => s !== 'running',
    )!;
    expect(waiting[1]).toBe('queued');

    // One of alice's running crawls ends: the waiting one takes its place.
    const running = [a1, a2, a3].find((id) => id !== waiting[0])!;
    expect((await alice.api(`/api/crawls/${running}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(async () => (await status(alice, waiting[0])) === 'running', { what: "alice's third crawl to start" });
  });
});
