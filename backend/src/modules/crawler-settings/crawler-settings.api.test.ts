import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
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

describe('crawler settings per vendor', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    vendor = (await (
      await alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } })
    ).json()) as Vendor;
  });
  afterAll(() => t.close());

  const path = () => `/api/vendors/${vendor.id}/crawler-settings`;

  it('offers the defaults with the vendor URL until settings are saved, then upserts', async () => {
    expect(await (await alice.api(path())).json()).toEqual({
      vendorId: vendor.id,
      saved: false,
      maxPages: 100,
      crawlDelay: 2000,
      startUrls: ['https://acme.example/'],
      allowedDomains: [],
      excludePatterns: [],
      keepQueryParams: [],
      ignoreSelectors: [],
      ignoreTextPatterns: [],
    });
    const body = {
      maxPages: 20,
      crawlDelay: 500,
      startUrls: 'https://acme.example/\nhttps://acme.example/docs',
      allowedDomains: 'acme.example',
      excludePatterns: '/private/**',
      keepQueryParams: 'ref\nlang',
      ignoreSelectors: 'div.promo',
      ignoreTextPatterns: 'Served by *',
    };
    expect((await alice.api(path(), { method: 'PUT', json: body })).status).toBe(200);
    const second = await alice.api(path(), { method: 'PUT', json: { ...body, maxPages: 30 } });
    expect(await second.json()).toMatchObject({
      saved: true,
      maxPages: 30,
      startUrls: ['https://acme.example/', 'https://acme.example/docs'],
    });
    expect(await (await alice.api(path())).json()).toMatchObject({
      saved: true,
      maxPages: 30,
      excludePatterns: ['/private/**'],
      keepQueryParams: ['ref', 'lang'],
      ignoreSelectors: ['div.promo'],
      ignoreTextPatterns: ['Served by *'],
    });
    const rows = await t.database.db.query.crawlerSettings.findMany();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ maxPages: 0 }, MESSAGES.crawlerSettings.maxPagesMin],
    [{ maxPages: 5000 }, MESSAGES.crawlerSettings.maxPagesMax],
    [{ crawlDelay: 100 }, MESSAGES.crawlerSettings.crawlDelayMin],
    [{ startUrls: [] }, MESSAGES.crawlerSettings.startUrlsRequired],
    [{ startUrls: ['nope'] }, MESSAGES.crawlerSettings.invalidUrl],
    [{ allowedDomains: ['not a domain'] }, MESSAGES.crawlerSettings.invalidDomain],
    [{ startUrls: ['https://acme.example/', 7] }, MESSAGES.crawlerSettings.invalidUrl],
    [{ allowedDomains: [7] }, MESSAGES.crawlerSettings.invalidDomain],
    // A backtracking matcher spends seconds per URL on this one: bounded when saved.
    [{ excludePatterns: ['/*a*a*a*a*a*a*a*a*a*a*a*a*b'] }, MESSAGES.crawlerSettings.tooManyWildcards],
    [{ excludePatterns: [`/{${'a,'.repeat(20)}b}`] }, MESSAGES.crawlerSettings.tooManyAlternatives],
  ])('answers 400 for %j with "%s"', async (change, message) => {
    const response = await alice.api(path(), {
      method: 'PUT',
      json: { maxPages: 10, crawlDelay: 1000, startUrls: ['https://acme.example/'], ...change },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });

  it("hides a vendor's settings from another user", async () => {
    expect((await bob.api(path())).status).toBe(404);
    expect(
      (await bob.api(path(), { method: 'PUT', json: { maxPages: 10, crawlDelay: 1000, startUrls: ['https://x.example/'] } }))
        .status,
    ).toBe(404);
  });

  it("are the workspace's: a viewer reads them and is refused writes, another workspace gets 404, an editor key saves them", async () => {
    const [owner, viewer, outsider] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const team = await createWorkspace(owner);
    await addMember(t, team.id, viewer, 'viewer');
    const inTeam = { 'x-workspace-id': team.id };
    const shared = (await apiCall(owner, 'POST', '/api/vendors', { name: 'Shared', url: 'https://shared.example/' }, inTeam))
      .body as Vendor;
    const settingsPath = `/api/vendors/${shared.id}/crawler-settings`;
    const settings = { maxPages: 12, crawlDelay: 800, startUrls: ['https://shared.example/'], excludePatterns: ['/private/**'] };
    expect((await apiCall(owner, 'PUT', settingsPath, settings, inTeam)).status).toBe(200);

    expect((await apiCall(viewer, 'GET', settingsPath, undefined, inTeam)).body).toMatchObject({ saved: true, maxPages: 12 });
    expectRefused(
      await apiCall(viewer, 'PUT', settingsPath, { ...settings, maxPages: 1 }, inTeam),
      403,
      roleTooLow('viewer', 'editor'),
    );
    expect((await apiCall(outsider, 'GET', settingsPath)).status).toBe(404);
    expect((await apiCall(outsider, 'PUT', settingsPath, settings)).status).toBe(404);

    const key = await createApiKey(owner, team.id, 'editor');
    const saved = await keyCall(t, key, 'PUT', settingsPath, { ...settings, maxPages: 30 });
    expect(saved.status).toBe(200);
    // One row per vendor, whoever saves: the owner reads what the key saved.
    expect((await apiCall(owner, 'GET', settingsPath, undefined, inTeam)).body).toMatchObject({ maxPages: 30, crawlDelay: 800 });
    expect((await auditEntries(owner, team.id, 'crawler_settings.update'))[0]).toMatchObject({
      actorType: 'api_key',
      targetType: 'vendor',
      targetId: shared.id,
      summary: { maxPages: 30, excludePatterns: ['/private/**'] },
    });
  });
});
