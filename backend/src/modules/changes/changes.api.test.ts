import {
  MESSAGES,
  type CrawlChanges,
  type Paginated,
  type PageChangeDiff,
  type TimelineEntry,
  type Vendor,
} from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { shareWorkspace } from '../workspaces/testing/shared-workspace';
import { expectRefused } from '../workspaces/testing/teams';
import { storedCrawls } from './testing/stored-crawls';

describe('changes API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let vendor: Vendor;
  let first: string;
  let second: string;
  let running: string;

  const getJson = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await user.api(url);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    vendor = (await (
      await alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } })
    ).json()) as Vendor;
    const { crawl, page, addPages, compare } = storedCrawls(t.database.db, alice.id, vendor.id, 'https://acme.example');
    first = await crawl(new Date('2026-11-01T10:00:00Z'));
    second = await crawl(new Date('2026-11-02T10:00:00Z'));
    running = await crawl(null, 'running');
    await addPages([
      page(first, '/', 'Home', 'Welcome\nUpdated 2026-11-01T10:00:00Z'),
      page(first, '/privacy', 'Privacy Policy', 'Privacy Policy\nWe never sell your personal data.'),
      page(first, '/old', 'Old', 'An old page'),
      page(second, '/', 'Home', 'Welcome\nUpdated 2026-11-02T10:00:00Z'),
      page(second, '/privacy', 'Privacy Policy', 'Privacy Policy\nWe may sell your personal data to partners.'),
      page(second, '/new', 'New', 'A new page'),
    ]);
    await compare(first, second);
  });
  afterAll(() => t.close());

  it('summarises a crawl against the previous one, policy pages first', async () => {
    const body = await getJson<CrawlChanges>(alice, `/api/crawls/${second}/changes`);
    expect(body.summary).toMatchObject({
      crawlJobId: second,
      previousCrawlJobId: first,
      vendorId: vendor.id,
      pagesBefore: 3,
      pagesAfter: 3,
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 1,
      changedPercent: 75,
      policyPagesChanged: 1,
      findingsNew: [],
      findingsResolved: [],
    });
    expect(body.pages.items.map((p) => [new URL(p.url).pathname, p.kind, p.policyKind])).toEqual([
      ['/privacy', 'changed', 'privacy'],
      ['/new', 'added', null],
      ['/old', 'removed', null],
    ]);
    expect(body.pages).toMatchObject({ total: 3, page: 1, limit: 20 });

    const added = await getJson<CrawlChanges>(alice, `/api/crawls/${second}/changes?kind=added&limit=1`);
    expect(added.pages.items.map((p) => p.kind)).toEqual(['added']);
    expect(added.pages.total).toBe(1);

    const baseline = await getJson<CrawlChanges>(alice, `/api/crawls/${first}/changes`);
    expect(baseline.summary).toMatchObject({ previousCrawlJobId: null, added: 0, removed: 0, changed: 0 });
  });

  it("diffs a changed page's main text word by word", async () => {
    const { pages } = await getJson<CrawlChanges>(alice, `/api/crawls/${second}/changes`);
    const privacy = pages.items.find((p) => p.url.endsWith('/privacy'))!;
    const diff = await getJson<PageChangeDiff>(alice, `/api/crawls/${second}/changes/pages/${privacy.id}`);
    expect(diff.change.id).toBe(privacy.id);
    expect(diff.segments!.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['never']);
    expect(diff.segments!.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['may', 'to partners']);

    const added = pages.items.find((p) => p.kind === 'added')!;
    const whole = await getJson<PageChangeDiff>(alice, `/api/crawls/${second}/changes/pages/${added.id}`);
    expect(whole.segments).toEqual([{ kind: 'added', text: 'A new page' }]);
  });

  it("lists a vendor's crawls newest first with rate, label and change counts", async () => {
    const timeline = await getJson<Paginated<TimelineEntry>>(alice, `/api/vendors/${vendor.id}/timeline`);
    expect(timeline.total).toBe(3);
    const byId = Object.fromEntries(timeline.items.map((entry) => [entry.crawlJobId, entry]));
    expect(byId[second]).toMatchObject({
      status: 'completed',
      method: 'http',
      rate: null,
      label: null,
      changes: { previousCrawlJobId: first, added: 1, removed: 1, changed: 1, policyPagesChanged: 1, findingsNew: 0 },
    });
    expect(byId[running]).toMatchObject({ status: 'running', changes: null });
    const created = timeline.items.map((entry) => entry.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('is owner-scoped and validates its input', async () => {
    const { pages } = await getJson<CrawlChanges>(alice, `/api/crawls/${second}/changes`);
    const notFound = async (user: TestUser, url: string, message: string) => {
      const response = await user.api(url);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    };
    await notFound(bob, `/api/crawls/${second}/changes`, MESSAGES.changes.crawlNotFound);
    await notFound(bob, `/api/crawls/${second}/changes/pages/${pages.items[0]!.id}`, MESSAGES.changes.crawlNotFound);
    await notFound(bob, `/api/vendors/${vendor.id}/timeline`, MESSAGES.changes.vendorNotFound);
    await notFound(alice, `/api/crawls/${running}/changes`, MESSAGES.changes.notCompared);
    await notFound(alice, `/api/crawls/${first}/changes/pages/${pages.items[0]!.id}`, MESSAGES.changes.pageChangeNotFound);

    // An id that is not a UUID names nothing: 404, like another user's.
    expect((await alice.api('/api/crawls/not-a-uuid/changes')).status).toBe(404);
    expect((await alice.api(`/api/crawls/${second}/changes/pages/nope`)).status).toBe(404);
    for (const [url, message] of [
      [`/api/crawls/${second}/changes?kind=moved`, 'Kind must be added, removed or changed'],
      [`/api/crawls/${second}/changes?limit=1000`, 'Limit must be a whole number from 1 to 100'],
      [`/api/crawls/${second}/changes?page=100000000000000000000`, 'Page must be a whole number from 1 to 100000'],
      [`/api/vendors/${vendor.id}/timeline?page=0`, 'Page must be a whole number from 1 to 100000'],
      [`/api/vendors/${vendor.id}/timeline?limit=abc`, 'Limit must be a whole number from 1 to 100'],
    ]) {
      const response = await alice.api(url!);
      expect([url, response.status, ((await response.json()) as { message: string }).message]).toEqual([url, 400, message]);
    }
  });

  it("compares a workspace's crawls whoever started them, and shows them to its members only", async () => {
    const team = await shareWorkspace(t);
    const shared = await team.addVendor('Sharedco');
    // Two members crawled the vendor in turn: the second crawl is compared with the first.
    const byOwner = storedCrawls(t.database.db, team.owner.id, shared.id, 'https://sharedco.example');
    const byColleague = storedCrawls(t.database.db, team.viewer.id, shared.id, 'https://sharedco.example');
    const earlier = await byOwner.crawl(new Date('2026-11-03T10:00:00Z'));
    const later = await byColleague.crawl(new Date('2026-11-04T10:00:00Z'));
    await byOwner.addPages([byOwner.page(earlier, '/', 'Home', 'Hello'), byColleague.page(later, '/', 'Home', 'Hello again')]);
    await byOwner.compare(earlier, later);

    const changes = await team.call(team.viewer, 'GET', `/api/crawls/${later}/changes`);
    expect(changes.status).toBe(200);
    expect((changes.body as CrawlChanges).summary).toMatchObject({ previousCrawlJobId: earlier, changed: 1 });
    const timeline = await team.call('key', 'GET', `/api/vendors/${shared.id}/timeline`);
    expect((timeline.body as Paginated<TimelineEntry>).items.map((entry) => entry.crawlJobId)).toEqual([later, earlier]);

    expectRefused(await team.outside('GET', `/api/crawls/${later}/changes`), 404, MESSAGES.changes.crawlNotFound);
    expectRefused(await team.outside('GET', `/api/vendors/${shared.id}/timeline`), 404, MESSAGES.changes.vendorNotFound);
  });
});
