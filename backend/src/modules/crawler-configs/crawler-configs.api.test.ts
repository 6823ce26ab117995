import { MESSAGES, type ConnectionTestResult, type CrawlerConfig } from '@vendorwatch/contracts';
import { crawlerConfigs } from '@vendorwatch/db';
import { startScrapingBeeServer, type ScrapingBeeServer } from '../../../../test-support';
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

const OPTIONS_INVALID = 'Options must be an object of at most 50 entries and 10000 characters as JSON';

describe('crawler configurations and the scraping proxy', () => {
  let t: TestApp;
  let bee: ScrapingBeeServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    bee = await startScrapingBeeServer({ keys: { 'good-key-1234': 100, 'other-key-9876': 10 } });
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await bee.close();
  });

  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await user.api('/api/crawler-configs', { method: 'POST', json: body });
    return { status: response.status, body: (await response.json()) as CrawlerConfig & { message?: string } };
  };

  it('changing the endpoint needs the key again: the stored key is never sent to a new host', async () => {
    const { body } = await create(alice, { name: 'Moving', apiKey: 'good-key-1234', apiEndpoint: bee.endpoint });
    const elsewhere = 'https://elsewhere.example/api/v1';
    const refused = await alice.api(`/api/crawler-configs/${body.id}`, { method: 'PUT', json: { apiEndpoint: elsewhere } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: MESSAGES.crawlerConfigs.apiKeyRequiredForNewEndpoint });

    // The same endpoint without a key, or a new one with its key, is fine.
    const same = await alice.api(`/api/crawler-configs/${body.id}`, { method: 'PUT', json: { apiEndpoint: bee.endpoint } });
    expect(same.status).toBe(200);
    const moved = await alice.api(`/api/crawler-configs/${body.id}`, {
      method: 'PUT',
      json: { apiEndpoint: elsewhere, apiKey: 'new-key-5678' },
    });
    expect(await moved.json()).toMatchObject({ apiEndpoint: elsewhere, apiKeyMasked: '••••5678' });
    expect((await alice.api(`/api/crawler-configs/${body.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('stores the key encrypted, answers only a masked form, and keeps one active per user', async () => {
    const first = await create(alice, { name: 'Main', apiKey: '  good-key-1234  ', apiEndpoint: bee.endpoint });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Main',
      type: 'scrapingbee',
      apiKeyMasked: '••••1234',
      isActive: true,
      options: {},
    });
    expect(JSON.stringify(first.body)).not.toContain('good-key');

    const [row] = await t.database.db.select().from(crawlerConfigs);
    expect(row!.apiKeyEncrypted).not.toContain('good-key-1234');

    const second = await create(alice, { name: 'Backup', type: 'custom', apiKey: 'other-key-9876', apiEndpoint: bee.endpoint });
    expect(second.body.isActive).toBe(false);

    const activated = await alice.api(`/api/crawler-configs/${second.body.id}/activate`, { method: 'POST' });
    expect(await activated.json()).toMatchObject({ id: second.body.id, isActive: true });
    const list = (await (await alice.api('/api/crawler-configs')).json()) as CrawlerConfig[];
    expect(list.filter((c) => c.isActive).map((c) => c.name)).toEqual(['Backup']);
    expect(JSON.stringify(list)).not.toMatch(/good-key|other-key/);

    const renamed = await alice.api(`/api/crawler-configs/${first.body.id}`, { method: 'PUT', json: { name: 'Main (renamed)' } });
    expect(await renamed.json()).toMatchObject({ name: 'Main (renamed)', apiKeyMasked: '••••1234', apiEndpoint: bee.endpoint });

    // Deleting the active configuration leaves none active.
    expect((await alice.api(`/api/crawler-configs/${second.body.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = (await (await alice.api('/api/crawler-configs')).json()) as CrawlerConfig[];
    expect(after.map((c) => [c.name, c.isActive])).toEqual([['Main (renamed)', false]]);
  });

  it.each([
    [{ apiKey: 'k', apiEndpoint: 'https://x.example' }, MESSAGES.crawlerConfigs.nameRequired],
    [{ name: 'N', apiEndpoint: 'https://x.example' }, MESSAGES.crawlerConfigs.apiKeyRequired],
    [{ name: 'N', apiKey: '   ', apiEndpoint: 'https://x.example' }, MESSAGES.crawlerConfigs.apiKeyEmpty],
    [{ name: 'N', apiKey: 'k', apiEndpoint: '' }, MESSAGES.crawlerConfigs.endpointRequired],
    [{ name: 'N', apiKey: 'k', type: 'other' }, MESSAGES.crawlerConfigs.typeRequired],
    // Too long is not missing: each limit says what it is.
    [{ name: 'N'.repeat(201), apiKey: 'k' }, 'Name must be at most 200 characters'],
    [{ name: 'N', apiKey: 'k'.repeat(501) }, 'API key must be at most 500 characters'],
    [
      { name: 'N', apiKey: 'k', apiEndpoint: `https://x.example/${'a'.repeat(2048)}` },
      'Endpoint must be at most 2048 characters',
    ],
  ])('rejects %j with "%s"', async (body, message) => {
    const { status, body: answer } = await create(alice, body);
    expect(status).toBe(400);
    expect(answer.message).toBe(message);
  });

  it('bounds the free-form options: entries and size', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    for (const options of [{ big: 'x'.repeat(10_000) }, tooMany, [1]]) {
      const { status, body } = await create(alice, { name: 'N', apiKey: 'k', options });
      expect([status, body.message]).toEqual([400, OPTIONS_INVALID]);
    }
    const saved = await create(alice, { name: 'N', apiKey: 'k', options: { retries: 2 } });
    expect(saved.body.options).toEqual({ retries: 2 });
    expect((await alice.api(`/api/crawler-configs/${saved.body.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it("hides one user's configurations from another", async () => {
    const { body } = await create(alice, { name: 'Secret', apiKey: 'good-key-1234', apiEndpoint: bee.endpoint });
    expect((await bob.api(`/api/crawler-configs/${body.id}`, { method: 'PUT', json: { name: 'x' } })).status).toBe(404);
    expect((await bob.api(`/api/crawler-configs/${body.id}/activate`, { method: 'POST' })).status).toBe(404);
    expect((await bob.api(`/api/crawler-configs/${body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api('/api/crawler-configs/test', { method: 'POST', json: { id: body.id } })).status).toBe(404);
    expect(await (await bob.api('/api/crawler-configs')).json()).toEqual([]);
  });

  it('tests a connection: credits for a good key, the provider’s 401 through the spec’s message for a bad one', async () => {
    const good = (await (
      await alice.api('/api/crawler-configs/test', {
        method: 'POST',
        json: { apiKey: 'good-key-1234', apiEndpoint: bee.endpoint },
      })
    ).json()) as ConnectionTestResult;
    expect(good).toMatchObject({ success: true, message: MESSAGES.crawlerConfigs.connectionSuccessful });
    expect(good.credits).toEqual({ max: 100, used: expect.any(Number), remaining: 100 - good.credits!.used });
    expect(good.testUrl.decoded).toContain('api_key=••••1234');
    expect(good.testUrl.encoded).not.toContain('good-key');

    const bad = (await (
      await alice.api('/api/crawler-configs/test', { method: 'POST', json: { apiKey: 'wrong-key', apiEndpoint: bee.endpoint } })
    ).json()) as ConnectionTestResult;
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/^Connection test failed: Server returned 401: /);

    const missing = await alice.api('/api/crawler-configs/test', { method: 'POST', json: { apiEndpoint: bee.endpoint } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: MESSAGES.crawlerConfigs.apiKeyRequiredForTesting });

    const tooLong = await alice.api('/api/crawler-configs/test', {
      method: 'POST',
      json: { apiKey: 'k'.repeat(501), apiEndpoint: bee.endpoint },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: 'API key must be at most 500 characters' });
  });

  it('scrapes through the proxy with the active key and counts the credit', async () => {
    const fresh = await t.signUp();
    const none = await (await fresh.api('/api/scrapingbee/scrape', { method: 'POST', json: { url: `${bee.endpoint}` } })).json();
    expect(none).toMatchObject({ success: false, message: MESSAGES.scraping.apiKeyMissing });
    const longUrl = await fresh.api('/api/scrapingbee/scrape', {
      method: 'POST',
      json: { url: `https://x.example/${'a'.repeat(2048)}` },
    });
    expect(longUrl.status).toBe(400);
    expect(await longUrl.json()).toMatchObject({ message: 'URL must be at most 2048 characters' });
    expect(await (await fresh.api('/api/scrapingbee/test')).json()).toMatchObject({ success: false });

    bee.setCredits('good-key-1234', 100, 0);
    await create(fresh, { name: 'Mine', apiKey: 'good-key-1234', apiEndpoint: bee.endpoint });
    const target = `${t.baseUrl}/api/public-config`;
    const scraped = (await (
      await fresh.api('/api/scrapingbee/scrape', { method: 'POST', json: { url: target, render_js: false } })
    ).json()) as {
      success: boolean;
      pageSource: string;
      credits: number;
    };
    expect(scraped).toMatchObject({ success: true, credits: 1 });
    expect(JSON.parse(scraped.pageSource)).toMatchObject({ supabaseUrl: null });
    expect(bee.usage('good-key-1234')).toEqual({ max: 100, used: 1 });
    expect(await (await fresh.api('/api/scrapingbee/test')).json()).toMatchObject({ success: true, credits: 99 });

    const empty = await fresh.api('/api/scrapingbee/scrape', { method: 'POST', json: { url: '' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: MESSAGES.scraping.urlRequired });
  });

  it("are the workspace's: admins manage them, members read them masked and crawl with the active one, another workspace gets 404", async () => {
    const [owner, admin, editor, viewer, outsider] = await Promise.all([1, 2, 3, 4, 5].map(() => t.signUp()));
    const team = await createWorkspace(owner);
    await addMember(t, team.id, admin, 'admin');
    await addMember(t, team.id, editor, 'editor');
    await addMember(t, team.id, viewer, 'viewer');
    const inTeam = { 'x-workspace-id': team.id };
    const body = { name: 'Team bee', apiKey: 'other-key-9876', apiEndpoint: bee.endpoint };

    const created = await apiCall(admin, 'POST', '/api/crawler-configs', body, inTeam);
    expect(created.status).toBe(201);
    const config = created.body as CrawlerConfig;
    expect(config).toMatchObject({ isActive: true, apiKeyMasked: '••••9876' });
    // The admin's own workspace keeps its own active configuration beside the team's.
    expect((await create(admin, { ...body, name: 'Own bee' })).body).toMatchObject({ isActive: true });

    const listed = await apiCall(viewer, 'GET', '/api/crawler-configs', undefined, inTeam);
    expect((listed.body as CrawlerConfig[]).map((c) => [c.name, c.apiKeyMasked])).toEqual([['Team bee', '••••9876']]);
    expect(JSON.stringify(listed.body)).not.toContain('other-key');
    expectRefused(await apiCall(editor, 'POST', '/api/crawler-configs', body, inTeam), 403, roleTooLow('editor', 'admin'));
    for (const [method, path] of [
      ['PUT', `/api/crawler-configs/${config.id}`],
      ['POST', `/api/crawler-configs/${config.id}/activate`],
      ['DELETE', `/api/crawler-configs/${config.id}`],
    ] as const) {
      expectRefused(
        await apiCall(viewer, method, path, method === 'PUT' ? { name: 'x' } : undefined, inTeam),
        403,
        roleTooLow('viewer', 'admin'),
      );
      expect((await apiCall(outsider, method, path, method === 'PUT' ? { name: 'x' } : undefined)).status).toBe(404);
    }

    // Any editor's scrape (a person's or a key's) spends the team's active configuration; a viewer's is refused.
    const editorKey = await createApiKey(owner, team.id, 'editor');
    const target = { url: `${t.baseUrl}/api/public-config`, render_js: false };
    expect((await apiCall(editor, 'POST', '/api/scrapingbee/scrape', target, inTeam)).body).toMatchObject({ success: true });
    expect((await keyCall(t, editorKey, 'POST', '/api/scrapingbee/scrape', target)).body).toMatchObject({ success: true });
    expectRefused(await apiCall(viewer, 'POST', '/api/scrapingbee/scrape', target, inTeam), 403, roleTooLow('viewer', 'editor'));
    expect((await apiCall(viewer, 'GET', '/api/scrapingbee/test', undefined, inTeam)).body).toMatchObject({ success: true });

    // Keys: an admin's key manages configurations, an editor's may not.
    expectRefused(await keyCall(t, editorKey, 'POST', '/api/crawler-configs', body), 403, roleTooLow('editor', 'admin'));
    const adminKey = await createApiKey(owner, team.id, 'admin', 'Provisioning');
    const second = await keyCall(t, adminKey, 'POST', '/api/crawler-configs', { ...body, name: 'Spare bee' });
    expect(second.status).toBe(201);
    expect((await keyCall(t, adminKey, 'POST', `/api/crawler-configs/${second.body.id}/activate`)).status).toBe(200);

    const [made] = await auditEntries(owner, team.id, 'crawler_config.create');
    expect(made).toMatchObject({
      actorType: 'api_key',
      targetId: second.body.id,
      summary: { name: 'Spare bee', endpointHost: new URL(bee.endpoint).host, isActive: false },
    });
    expect((await auditEntries(owner, team.id, 'crawler_config.activate'))[0]).toMatchObject({
      targetId: second.body.id,
      summary: { name: 'Spare bee' },
    });
    const everything = JSON.stringify(await apiCall(owner, 'GET', `/api/workspaces/${team.id}/audit-log`));
    expect(everything).not.toContain('other-key');
    expect(everything).not.toContain(bee.endpoint);
  });
});

describe('provider endpoints and the SSRF guard (private networks not allowed)', () => {
  let t: TestApp;
  let bee: ScrapingBeeServer;
  let user: TestUser;

  beforeAll(async () => {
    bee = await startScrapingBeeServer({ keys: { 'good-key-1234': 100 } });
    t = await startTestApp({ CRAWL_ALLOW_PRIVATE_NETWORKS: 'false', SCRAPINGBEE_ENDPOINT: bee.endpoint });
    user = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await bee.close();
  });

  const test = async (body: Record<string, unknown>) =>
    (await (await user.api('/api/crawler-configs/test', { method: 'POST', json: body })).json()) as ConnectionTestResult;

  it("trusts the operator's configured endpoint and gives it to configurations that name none", async () => {
    expect(await test({ apiKey: 'good-key-1234' })).toMatchObject({ success: true, credits: { max: 100 } });
    const created = (await (
      await user.api('/api/crawler-configs', { method: 'POST', json: { name: 'Default', apiKey: 'good-key-1234' } })
    ).json()) as CrawlerConfig;
    expect(created.apiEndpoint).toBe(bee.endpoint);
  });

  it('refuses a user-entered endpoint on this machine, without calling it', async () => {
    const before = bee.calls.length;
    const answer = await test({ apiKey: 'good-key-1234', apiEndpoint: bee.endpoint.replace('127.0.0.1', 'localhost') });
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/Refused by the SSRF guard: localhost resolves to .*loopback/);

    await user.api('/api/crawler-configs', {
      method: 'POST',
      json: { name: 'Internal', apiKey: 'good-key-1234', apiEndpoint: 'http://169.254.169.254/api/v1' },
    });
    const configs = (await (await user.api('/api/crawler-configs')).json()) as CrawlerConfig[];
    const internal = configs.find((c) => c.name === 'Internal')!;
    await user.api(`/api/crawler-configs/${internal.id}/activate`, { method: 'POST' });
    const scraped = await (
      await user.api('/api/scrapingbee/scrape', { method: 'POST', json: { url: 'https://example.com/' } })
    ).json();
    expect(scraped).toMatchObject({ success: false, message: expect.stringContaining('Refused by the SSRF guard') });
    expect(bee.calls.length).toBe(before);
  });
});
