import { formatMessage, MESSAGES, type Vendor, type VendorListPage, type Workspace } from '@vendorwatch/contracts';
import { crawlJobs, vendors } from '@vendorwatch/db';
import { personalWorkspaceOf } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
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

describe('Vendors API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  it('creates, lists newest first, updates and deletes a vendor', async () => {
    const created = await alice.api('/api/vendors', {
      method: 'POST',
      json: { name: '  Acme  ', url: 'https://acme.example', description: 'Anvils' },
    });
    expect(created.status).toBe(201);
    const acme = (await created.json()) as Vendor;
    expect(acme).toMatchObject({ name: 'Acme', url: 'https://acme.example', description: 'Anvils' });

    const second = (await (await alice.api('/api/vendors', { method: 'POST', json: { name: 'Globex' } })).json()) as Vendor;
    expect(second).toMatchObject({ name: 'Globex', url: '', description: '' });

    const list = ((await (await alice.api('/api/vendors')).json()) as VendorListPage).items;
    expect(list.map((v) => v.name)).toEqual(['Globex', 'Acme']);

    const updated = await alice.api(`/api/vendors/${acme.id}`, { method: 'PUT', json: { description: 'Rockets' } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: acme.id, name: 'Acme', description: 'Rockets' });

    expect((await alice.api(`/api/vendors/${acme.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.api(`/api/vendors/${acme.id}`)).status).toBe(404);
    expect(((await (await alice.api('/api/vendors')).json()) as VendorListPage).items.map((v) => v.name)).toEqual(['Globex']);
  });

  it.each([
    [{}, MESSAGES.vendors.nameRequired],
    [{ name: '   ' }, MESSAGES.vendors.nameRequired],
    [{ name: 42 }, MESSAGES.vendors.nameRequired],
    [{ name: 'Acme', url: 'not a url' }, MESSAGES.vendors.invalidUrl],
    [{ name: 'Acme', url: 'javascript:alert(1)' }, MESSAGES.vendors.invalidUrl],
    [{ name: 'Acme', url: 'ftp://acme.example' }, MESSAGES.vendors.invalidUrl],
  ])('rejects %j with 400 "%s" and stores nothing', async (body, message) => {
    const before = ((await (await alice.api('/api/vendors')).json()) as VendorListPage).items.length;
    const response = await alice.api('/api/vendors', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
    expect(((await (await alice.api('/api/vendors')).json()) as VendorListPage).items.length).toBe(before);
  });

  it('takes a bare domain as its https:// URL, on create and on update', async () => {
    const created = await alice.api('/api/vendors', { method: 'POST', json: { name: 'Bare Co', url: '  acme.com ' } });
    expect(created.status).toBe(201);
    const vendor = (await created.json()) as Vendor;
    expect(vendor.url).toBe('https://acme.com/');

    const updated = await alice.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: { url: 'www.Globex.example/about' } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ url: 'https://www.globex.example/about' });

    const junk = await alice.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: { url: 'nope' } });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ message: MESSAGES.vendors.invalidUrl });
    expect(await (await alice.api(`/api/vendors/${vendor.id}`)).json()).toMatchObject({
      url: 'https://www.globex.example/about',
    });
  });

  it("lists each vendor's last crawl: its state, progress and failure, newest crawl first, none before the first", async () => {
    const carol = await t.signUp();
    const create = async (name: string) =>
      (await (
        await carol.api('/api/vendors', { method: 'POST', json: { name, url: `${name.toLowerCase()}.example` } })
      ).json()) as Vendor;
    const [idle, running, failed] = [await create('Idle'), await create('Running'), await create('Failed')];
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const workspaceId = await personalWorkspaceOf(t.database.db, carol.id);
    const crawl = (vendor: Vendor, values: Partial<typeof crawlJobs.$inferInsert>) => ({
      workspaceId,
      userId: carol.id,
      vendorId: vendor.id,
      method: 'http',
      targetUrl: vendor.url,
      ...values,
    });
    const [, live, , lastFailure] = await t.database.db
      .insert(crawlJobs)
      .values([
        crawl(running, {
          status: 'completed',
          progress: 100,
          pagesDone: 4,
          pagesPlanned: 4,
          createdAt: minutesAgo(30),
          completedAt: minutesAgo(29),
        }),
        crawl(running, { status: 'running', progress: 40, pagesDone: 2, pagesPlanned: 5, createdAt: minutesAgo(1) }),
        crawl(failed, {
          status: 'completed',
          progress: 100,
          pagesDone: 3,
          pagesPlanned: 3,
          createdAt: minutesAgo(60),
          completedAt: minutesAgo(59),
        }),
        crawl(failed, {
          status: 'failed',
          method: 'puppeteer',
          progress: 100,
          pagesDone: 1,
          pagesPlanned: 1,
          error: 'net::ERR_NAME_NOT_RESOLVED at https://failed.example/',
          createdAt: minutesAgo(5),
          completedAt: minutesAgo(5),
        }),
      ])
      .returning();

    const list = ((await (await carol.api('/api/vendors')).json()) as VendorListPage).items;
    const byName = Object.fromEntries(list.map((vendor) => [vendor.name, vendor]));
    expect(byName.Idle!.lastCrawl).toBeNull();
    expect(byName.Running!.lastCrawl).toEqual({
      id: live!.id,
      state: 'running',
      status: 'running',
      method: 'http',
      progress: 40,
      pagesDone: 2,
      pagesPlanned: 5,
      error: null,
      createdAt: live!.createdAt.toISOString(),
      completionTime: null,
    });
    expect(byName.Failed!.lastCrawl).toMatchObject({
      id: lastFailure!.id,
      status: 'failed',
      method: 'puppeteer',
      error: 'net::ERR_NAME_NOT_RESOLVED at https://failed.example/',
      completionTime: lastFailure!.completedAt!.toISOString(),
    });
    expect(idle.id).toBe(byName.Idle!.id);

    // Another user's list carries none of them.
    expect(((await (await bob.api('/api/vendors')).json()) as VendorListPage).items.map((vendor) => vendor.name)).not.toContain(
      'Failed',
    );
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await alice.api('/api/vendors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
  });

  it("keeps one user's vendors from another: 404 on each, none in lists", async () => {
    const mine = (await (await alice.api('/api/vendors', { method: 'POST', json: { name: 'Private Co' } })).json()) as Vendor;
    expect((await bob.api(`/api/vendors/${mine.id}`)).status).toBe(404);
    expect((await bob.api(`/api/vendors/${mine.id}`, { method: 'PUT', json: { name: 'Hijacked' } })).status).toBe(404);
    expect((await bob.api(`/api/vendors/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await bob.api('/api/vendors')).json()).toEqual({ items: [], total: 0 });
    expect(await (await alice.api(`/api/vendors/${mine.id}`)).json()).toMatchObject({ name: 'Private Co' });
  });

  it('answers 404 for an id that is not a UUID and 401 without a token', async () => {
    expect((await alice.api('/api/vendors/not-a-uuid')).status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}/api/vendors`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: MESSAGES.auth.tokenRequired });
  });

  describe('in a shared workspace', () => {
    let owner: TestUser;
    let viewer: TestUser;
    let outsider: TestUser;
    let team: Workspace;
    const inTeam = () => ({ 'x-workspace-id': team.id });

    beforeAll(async () => {
      [owner, viewer, outsider] = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
      team = await createWorkspace(owner, 'Vendor risk');
      await addMember(t, team.id, viewer, 'viewer');
    });

    it("lists the workspace's vendors to every member; a viewer's writes are refused with 403 and change nothing", async () => {
      const added = await apiCall(owner, 'POST', '/api/vendors', { name: 'Shared Co', url: 'shared.example' }, inTeam());
      expect(added.status).toBe(201);
      const shared = added.body as Vendor;

      const seen = await apiCall(viewer, 'GET', '/api/vendors', undefined, inTeam());
      expect(seen.status).toBe(200);
      expect((seen.body as VendorListPage).items.map((vendor) => vendor.name)).toEqual(['Shared Co']);
      expect((await apiCall(viewer, 'GET', `/api/vendors/${shared.id}`, undefined, inTeam())).body).toMatchObject({
        name: 'Shared Co',
      });
      // The owner's personal workspace does not hold the team's vendor.
      expect((await apiCall(owner, 'GET', '/api/vendors')).body).toEqual({ items: [], total: 0 });

      const refusal = roleTooLow('viewer', 'editor');
      expectRefused(await apiCall(viewer, 'POST', '/api/vendors', { name: 'Mine' }, inTeam()), 403, refusal);
      expectRefused(await apiCall(viewer, 'PUT', `/api/vendors/${shared.id}`, { name: 'Renamed' }, inTeam()), 403, refusal);
      expectRefused(await apiCall(viewer, 'DELETE', `/api/vendors/${shared.id}`, undefined, inTeam()), 403, refusal);
      expect(
        ((await apiCall(owner, 'GET', '/api/vendors', undefined, inTeam())).body as VendorListPage).items.map((v) => v.name),
      ).toEqual(['Shared Co']);
    });

    it('answers a member of another workspace 403 for the workspace and 404 for its vendors', async () => {
      const shared = (await apiCall(owner, 'POST', '/api/vendors', { name: 'Team Only' }, inTeam())).body as Vendor;
      expectRefused(await apiCall(outsider, 'GET', '/api/vendors', undefined, inTeam()), 403, MESSAGES.access.notMember);
      for (const [method, json] of [
        ['GET', undefined],
        ['PUT', { name: 'Hijacked' }],
        ['DELETE', undefined],
      ] as const)
        expect((await apiCall(outsider, method, `/api/vendors/${shared.id}`, json)).status).toBe(404);
      expect((await apiCall(owner, 'GET', `/api/vendors/${shared.id}`, undefined, inTeam())).body).toMatchObject({
        name: 'Team Only',
      });
    });

    it('lets an editor API key add, change and delete vendors, recorded as its creator’s and in the audit log', async () => {
      const key = await createApiKey(owner, team.id, 'editor', 'GRC sync');
      const added = await keyCall(t, key, 'POST', '/api/vendors', { name: 'Scripted Co', url: 'https://scripted.example' });
      expect(added.status).toBe(201);
      const scripted = added.body as Vendor;
      const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, scripted.id));
      expect(row).toMatchObject({ workspaceId: team.id, userId: owner.id });
      expect(
        ((await apiCall(viewer, 'GET', '/api/vendors', undefined, inTeam())).body as VendorListPage).items.map((v) => v.name),
      ).toContain('Scripted Co');
      expect((await keyCall(t, key, 'PUT', `/api/vendors/${scripted.id}`, { description: 'Synced' })).status).toBe(200);
      expect((await keyCall(t, key, 'DELETE', `/api/vendors/${scripted.id}`)).status).toBe(204);

      const [created] = await auditEntries(owner, team.id, 'vendor.create');
      expect(created).toMatchObject({
        actorType: 'api_key',
        actorLabel: 'GRC sync',
        targetType: 'vendor',
        targetId: scripted.id,
        summary: { name: 'Scripted Co', url: 'https://scripted.example' },
      });
      expect((await auditEntries(owner, team.id, 'vendor.update'))[0]).toMatchObject({
        targetId: scripted.id,
        summary: { description: 'Synced' },
      });
      expect((await auditEntries(owner, team.id, 'vendor.delete'))[0]).toMatchObject({
        actorType: 'api_key',
        targetId: scripted.id,
        summary: { name: 'Scripted Co' },
      });
      // The viewer's refused attempts left no entry.
      expect((await auditEntries(owner, team.id, 'vendor.create')).map((entry) => entry.actorLabel)).not.toContain(viewer.email);
    });
  });
});

describe('Vendors API: vendors per user (VENDORS_PER_USER)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ VENDORS_PER_USER: '3' });
  });
  afterAll(() => t.close());

  const count = async (user: TestUser) => ((await (await user.api('/api/vendors')).json()) as VendorListPage).total;

  it('refuses the vendor beyond the cap with 409 and the catalogue message, also when added at once, and takes one again after a delete', async () => {
    const dave = await t.signUp();
    // Five at the same moment: exactly three are kept, whatever their order.
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => dave.api('/api/vendors', { method: 'POST', json: { name } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(await refused.json()).toEqual({ statusCode: 409, message: formatMessage.vendorLimitReached(3) });
    expect(formatMessage.vendorLimitReached(3)).toBe('You have reached the limit of 3 vendors: delete one before adding another');
    expect(await count(dave)).toBe(3);

    // The cap is per user: another user adds theirs.
    const erin = await t.signUp();
    expect((await erin.api('/api/vendors', { method: 'POST', json: { name: 'Own' } })).status).toBe(201);

    const [first] = ((await (await dave.api('/api/vendors')).json()) as VendorListPage).items;
    expect((await dave.api(`/api/vendors/${first!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await dave.api('/api/vendors', { method: 'POST', json: { name: 'F' } })).status).toBe(201);
    expect((await dave.api('/api/vendors', { method: 'POST', json: { name: 'G' } })).status).toBe(409);
    expect(await count(dave)).toBe(3);
  });

  it("counts a workspace's vendors whoever adds them: a colleague is refused once the workspace keeps the cap", async () => {
    const [owner, editor] = [await t.signUp(), await t.signUp()];
    const team = await createWorkspace(owner);
    await addMember(t, team.id, editor, 'editor');
    const add = (who: TestUser, name: string) => apiCall(who, 'POST', '/api/vendors', { name }, { 'x-workspace-id': team.id });
    for (const [who, name] of [
      [owner, 'A'],
      [editor, 'B'],
      [owner, 'C'],
    ] as const)
      expect((await add(who, name)).status).toBe(201);
    expectRefused(await add(editor, 'D'), 409, formatMessage.vendorLimitReached(3));
    // The editor's own workspace is another count.
    expect((await editor.api('/api/vendors', { method: 'POST', json: { name: 'Own' } })).status).toBe(201);
  });
});
