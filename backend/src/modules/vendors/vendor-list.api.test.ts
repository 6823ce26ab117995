import type { GradeLetter, Grades, VendorListItem, VendorListPage } from '@vendorwatch/contracts';
import { crawlInventories, crawlJobs, vendors, type WorkspaceId } from '@vendorwatch/db';
import { personalWorkspaceOf, seedAssessment } from '@vendorwatch/db/testing';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const VENDORS = 1000;

const gradesOf = (letter: GradeLetter | null): Grades => ({
  method: 'test',
  overall: { letter, score: letter ? 80 : null, checksCounted: letter ? 10 : 0, cappedBy: null },
  categories: [],
});

/** The analyst's list at a full workspace: search, sort, filters and pages over 1 000 vendors. */
describe('GET /api/vendors (the analyst list)', () => {
  let t: TestApp;
  let ana: TestUser;
  let workspaceId: WorkspaceId;
  const ids = new Map<string, string>();

  const page = async (query: string): Promise<VendorListPage> => {
    const answer = await ana.api(`/api/vendors?${query}`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as VendorListPage;
  };
  const names = (items: VendorListItem[]) => items.map((item) => item.name);

  /** A completed, assessed crawl of the vendor whose inventory grades it `letter`. */
  const assess = async (
    name: string,
    rate: number,
    letter: GradeLetter | null,
    vulnerableLibraries: number,
    minutesAgo: number,
  ) => {
    const vendorId = ids.get(name)!;
    const { jobId } = await seedAssessment(t.database.db, {
      userId: ana.id,
      vendorId,
      rate,
      assessedAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.database.db
      .insert(crawlInventories)
      .values({ jobId, userId: ana.id, workspaceId, vendorId, grades: gradesOf(letter), vulnerableLibraries });
  };

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.signUp();
    workspaceId = await personalWorkspaceOf(t.database.db, ana.id);
    // A full workspace in one INSERT: Vendor 0000 … Vendor 0999, one minute apart (0999 newest).
    const start = Date.now() - VENDORS * 60_000;
    const rows = await t.database.db
      .insert(vendors)
      .values(
        Array.from({ length: VENDORS }, (_, i) => {
          const number = String(i).padStart(4, '0');
          return {
            userId: ana.id,
            workspaceId,
            name: `Vendor ${number}`,
            url: `https://vendor-${number}.example/`,
            domains: i === 512 ? ['payroll-mail.example'] : [],
            createdAt: new Date(start + i * 60_000),
          };
        }),
      )
      .returning({ id: vendors.id, name: vendors.name });
    for (const row of rows) ids.set(row.name, row.id);
    await assess('Vendor 0001', 95, 'A', 0, 30);
    await assess('Vendor 0002', 75, 'C', 3, 20);
    await assess('Vendor 0003', 40, 'F', 7, 10);
    await assess('Vendor 0004', 92, 'A', 1, 40);
    await assess('Vendor 0005', 60, null, 0, 50);
    await t.database.db.insert(crawlJobs).values({
      userId: ana.id,
      workspaceId,
      vendorId: ids.get('Vendor 0006')!,
      method: 'puppeteer',
      status: 'running',
      targetUrl: 'https://vendor-0006.example/',
      progress: 40,
    });
  }, 120_000);
  afterAll(() => t.close());

  it('pages through 1 000 vendors, newest first, with the total on every page', async () => {
    const first = await page('limit=50');
    expect(first.total).toBe(VENDORS);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.name).toBe('Vendor 0999');
    const last = await page('limit=50&page=20');
    expect(last.total).toBe(VENDORS);
    expect(names(last.items).at(-1)).toBe('Vendor 0000');
    expect(await page('limit=50&page=21')).toEqual({ items: [], total: VENDORS });

    // Every vendor exactly once across the pages.
    const seen = new Set<string>();
    for (let number = 1; number <= 4; number++)
      for (const item of (await page(`limit=250&page=${number}`)).items) seen.add(item.id);
    expect(seen.size).toBe(VENDORS);
    // The whole workspace in one answer by default.
    expect((await page('')).items).toHaveLength(VENDORS);
  });

  it("gives each vendor its latest assessment's grade, rate, label, vulnerable libraries and time, and its last crawl", async () => {
    const { items } = await page('q=Vendor 000&sort=name');
    const byName = Object.fromEntries(items.map((item) => [item.name, item]));
    expect(byName['Vendor 0002']).toMatchObject({
      grade: 'C',
      rate: 75,
      label: 'Partially Compliant',
      vulnerableLibraries: 3,
      lastAssessedAt: expect.any(String),
      lastCrawl: { state: 'completed', method: 'http', progress: 100 },
    });
    expect(byName['Vendor 0006']).toMatchObject({
      grade: null,
      rate: null,
      label: null,
      vulnerableLibraries: null,
      lastAssessedAt: null,
      lastCrawl: { state: 'running', method: 'puppeteer', progress: 40 },
    });
    expect(byName['Vendor 0007']).toMatchObject({ grade: null, lastCrawl: null });
  });

  it('searches the name, the URL and the listed domains, case-insensitively, with % and _ taken literally', async () => {
    expect(names((await page('q=vendor 0123')).items)).toEqual(['Vendor 0123']);
    expect(names((await page('q=VENDOR-0456.EXAMPLE')).items)).toEqual(['Vendor 0456']);
    expect(names((await page('q=payroll-mail')).items)).toEqual(['Vendor 0512']);
    expect(await page('q=%25')).toEqual({ items: [], total: 0 });
    expect(await page('q=Vendor_01')).toEqual({ items: [], total: 0 });
    expect((await page('q=Vendor 01&limit=5')).total).toBe(100);
  });

  it('sorts by any column, either way, vendors without a value last', async () => {
    expect(names((await page('sort=name&limit=3')).items)).toEqual(['Vendor 0000', 'Vendor 0001', 'Vendor 0002']);
    expect(names((await page('sort=name&order=desc&limit=2')).items)).toEqual(['Vendor 0999', 'Vendor 0998']);
    // Grade: A first (ties by name); the ungraded after every graded vendor, in either direction.
    expect(names((await page('sort=grade&limit=4')).items)).toEqual(['Vendor 0001', 'Vendor 0004', 'Vendor 0002', 'Vendor 0003']);
    expect(names((await page('sort=grade&order=desc&limit=4')).items)).toEqual([
      'Vendor 0003',
      'Vendor 0002',
      'Vendor 0001',
      'Vendor 0004',
    ]);
    expect(names((await page('sort=rate&limit=5')).items)).toEqual([
      'Vendor 0001',
      'Vendor 0004',
      'Vendor 0002',
      'Vendor 0005',
      'Vendor 0003',
    ]);
    expect(names((await page('sort=rate&order=asc&limit=2')).items)).toEqual(['Vendor 0003', 'Vendor 0005']);
    expect(names((await page('sort=vulnerableLibraries&limit=2')).items)).toEqual(['Vendor 0003', 'Vendor 0002']);
    expect(names((await page('sort=lastAssessedAt&limit=2')).items)).toEqual(['Vendor 0003', 'Vendor 0002']);
    expect(names((await page('sort=lastCrawl&limit=1')).items)).toEqual(['Vendor 0006']);
    expect(names((await page('sort=label&limit=2')).items)).toEqual(['Vendor 0001', 'Vendor 0004']);
  });

  it('filters by grade, label and crawl state, `none` for vendors without one, with the total of the filtered list', async () => {
    expect(await page('grade=A&sort=name')).toMatchObject({
      total: 2,
      items: [{ name: 'Vendor 0001' }, { name: 'Vendor 0004' }],
    });
    expect((await page('grade=none&limit=1')).total).toBe(VENDORS - 4);
    expect(names((await page('label=Non-Compliant&sort=name')).items)).toEqual(['Vendor 0003', 'Vendor 0005']);
    expect((await page('label=none&limit=1')).total).toBe(VENDORS - 5);
    expect(names((await page('crawlState=running')).items)).toEqual(['Vendor 0006']);
    expect((await page('crawlState=none&limit=1')).total).toBe(VENDORS - 6);
    expect(names((await page('grade=A&q=0004')).items)).toEqual(['Vendor 0004']);
    // An empty parameter, as a form with nothing chosen sends it, filters nothing.
    expect((await page('grade=&label=&crawlState=&q=&limit=1')).total).toBe(VENDORS);
  });

  it.each([
    ['sort=colour', 'Sort must be one of name, grade, rate, label, vulnerableLibraries, lastAssessedAt, lastCrawl, createdAt'],
    ['order=up', 'Order must be asc or desc'],
    ['grade=E', 'Grade must be one of A, B, C, D, F or none'],
    ['label=Fine', 'Label must be Compliant, Partially Compliant, Non-Compliant or none'],
    ['crawlState=paused', 'Crawl state must be one of queued, running, completed, failed, cancelled, none'],
    [`q=${'x'.repeat(201)}`, 'Search text may be at most 200 characters'],
    ['limit=0', 'Limit must be a whole number from 1 to 1000'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const answer = await ana.api(`/api/vendors?${query}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message });
  });

  it("never lists another workspace's vendors", async () => {
    const bob = await t.signUp();
    const answer = await bob.api('/api/vendors?q=Vendor');
    expect(await answer.json()).toEqual({ items: [], total: 0 });
  });
});
