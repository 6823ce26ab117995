import type { CrawlInventory, Grades, ThirdParty } from '@vendorwatch/contracts';
import { eq, sql } from 'drizzle-orm';
import { crawlInventories, users } from '../schema';
import { createTestDatabase, insertCompletedCrawl, insertVendor, type TestDatabase } from '../testing';
import { CrawlInventoriesRepository } from './crawl-inventories.repository';
import { WorkspacesRepository } from './workspaces.repository';
import type { WorkspaceId } from '../workspace-id';

const grades: Grades = {
  method: 'grades-test',
  overall: { letter: 'B', score: 85, checksCounted: 3, cappedBy: null },
  categories: [],
};

const party = (name: string): ThirdParty => ({
  key: name,
  name,
  company: name,
  category: 'cdn',
  hosts: [`${name.toLowerCase()}.example`],
  pages: 1,
  requestedBeforeConsent: null,
  tracker: false,
  example: { pageId: 'p', url: 'https://vendor.example/', resource: 'https://cdn.example/a.js' },
});

const inventory = (parties: string[], vulnerable = 0): CrawlInventory => ({
  libraries: Array.from({ length: vulnerable }, (_, i) => ({
    component: `lib${i}`,
    npm: null,
    version: '1.0.0',
    evidence: [],
    pages: [],
    pagesTotal: 1,
    advisories: [
      { ids: ['CVE-2020-0001'], summary: null, severity: 'medium', atOrAbove: null, below: '2.0.0', endOfLife: false, info: [] },
    ],
    severity: 'medium',
    fixedVersion: '2.0.0',
    endOfLife: null,
  })),
  technologies: [],
  thirdParties: parties.map(party),
  dataSources: [],
});

describe('crawl inventories', () => {
  let database: TestDatabase;
  let inventories: CrawlInventoriesRepository;
  let userId: string;
  let otherUserId: string;
  let workspace: WorkspaceId;
  let otherWorkspace: WorkspaceId;

  beforeAll(async () => {
    database = await createTestDatabase();
    inventories = new CrawlInventoriesRepository(database.db);
    const [alice, bob] = await database.db
      .insert(users)
      .values([
        { email: 'inventory-alice@example.com', encryptedPassword: 'x' },
        { email: 'inventory-bob@example.com', encryptedPassword: 'x' },
      ])
      .returning();
    userId = alice!.id;
    otherUserId = bob!.id;
    const personal = new WorkspacesRepository(database.db);
    workspace = (await personal.personalOf(userId))!.workspaceId;
    otherWorkspace = (await personal.personalOf(otherUserId))!.workspaceId;
  });
  afterAll(() => database.drop());

  it("keeps one inventory per crawl, replaced on a second save, and reads each vendor's latest crawl, workspace-scoped", async () => {
    const acme = await insertVendor(database.db, userId, { name: 'Acme', url: '', description: '' });
    const globex = await insertVendor(database.db, userId, { name: 'Globex', url: '', description: '' });
    const old = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: acme.id,
      completedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const latest = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: acme.id,
      completedAt: new Date('2026-02-01T00:00:00Z'),
    });
    const other = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: globex.id,
      completedAt: new Date('2026-01-15T00:00:00Z'),
    });
    const save = (jobId: string, vendorId: string, completed: string, parties: string[], vulnerable = 0) =>
      inventories.save({
        jobId,
        workspaceId: workspace,
        userId,
        vendorId,
        crawlCompletedAt: new Date(completed),
        inventory: inventory(parties, vulnerable),
        grades,
      });

    await save(old.jobId, acme.id, '2026-01-01T00:00:00Z', ['Old CDN']);
    await save(latest.jobId, acme.id, '2026-02-01T00:00:00Z', ['First'], 1);
    // Re-assessed: replaced, not added.
    await save(latest.jobId, acme.id, '2026-02-01T00:00:00Z', ['Second'], 2);
    await save(other.jobId, globex.id, '2026-01-15T00:00:00Z', ['Globex CDN']);

    const [{ rows }] = (await database.db
      .select({ rows: sql<number>`count(*)`.mapWith(Number) })
      .from(crawlInventories)
      .where(eq(crawlInventories.jobId, latest.jobId))) as [{ rows: number }];
    expect(rows).toBe(1);

    expect(await inventories.latestForVendor(workspace, acme.id)).toMatchObject({
      jobId: latest.jobId,
      vendorName: 'Acme',
      vulnerableLibraries: 2,
      thirdParties: [expect.objectContaining({ name: 'Second' })],
      grades,
    });
    expect((await inventories.latestForVendors(workspace)).map((row) => [row.vendorName, row.jobId])).toEqual([
      ['Acme', latest.jobId],
      ['Globex', other.jobId],
    ]);
    expect((await inventories.latestForVendors(workspace, [globex.id])).map((row) => row.vendorName)).toEqual(['Globex']);
    expect(await inventories.latestForVendors(workspace, [])).toEqual([]);
    // Another workspace reads nothing of it.
    expect(await inventories.latestForVendor(otherWorkspace, acme.id)).toBeUndefined();
    expect(await inventories.latestForVendors(otherWorkspace, [acme.id, globex.id])).toEqual([]);
    expect(await inventories.findByJob(otherWorkspace, latest.jobId)).toBeUndefined();
    expect(await inventories.findByJob(workspace, latest.jobId)).toMatchObject({ vulnerableLibraries: 2 });
  });
});
