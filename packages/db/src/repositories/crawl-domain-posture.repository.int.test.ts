import { eq } from 'drizzle-orm';
import { domainPostureOf, originOf } from '../../../compliance/src/testing/domain-builders';
import { crawlJobs, crawlPages, users } from '../schema';
import { createTestDatabase, insertCompletedCrawl, type TestDatabase } from '../testing';
import { CrawlDomainPostureRepository } from './crawl-domain-posture.repository';

describe.each(['postgres', 'pglite'] as const)('crawl domain posture on %s', (driver) => {
  let database: TestDatabase;
  let repository: CrawlDomainPostureRepository;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    repository = new CrawlDomainPostureRepository(database.db);
    const [user] = await database.db
      .insert(users)
      .values({ email: `posture-${driver}@example.com`, encryptedPassword: 'x' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.drop());

  it("stores a crawl's facts as read, replaces them when read again, and has none for another crawl", async () => {
    const { jobId, workspaceId } = await insertCompletedCrawl(database.db, { userId, vendorId: null });
    const { jobId: other } = await insertCompletedCrawl(database.db, { userId, vendorId: null });
    const first = domainPostureOf();
    await repository.save(workspaceId, jobId, first);
    expect(await repository.findByJobId(jobId)).toEqual(first);
    const second = domainPostureOf({ origins: [originOf('https://api.vendor.test')], lookups: { queries: 30, cap: 500 } });
    await repository.save(workspaceId, jobId, second);
    expect(await repository.findByJobId(jobId)).toEqual(second);
    expect(await repository.findByJobId(other)).toBeNull();
  });

  it('goes with its crawl', async () => {
    const { jobId, workspaceId } = await insertCompletedCrawl(database.db, { userId, vendorId: null });
    await repository.save(workspaceId, jobId, domainPostureOf());
    await database.db.delete(crawlJobs).where(eq(crawlJobs.id, jobId));
    expect(await repository.findByJobId(jobId)).toBeNull();
  });

  it('lists the https origins the crawl requested, landed on or was redirected through', async () => {
    const { jobId } = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: null,
      pages: [
        { url: 'https://www.vendor.test/' },
        { url: 'http://vendor.test/about' },
        { url: 'https://www.vendor.test:8443/x' },
      ],
    });
    await database.db
      .update(crawlPages)
      .set({
        finalUrl: 'https://docs.vendor.test/about',
        redirectChain: ['http://vendor.test/about', 'https://login.vendor.test/sso'],
      })
      .where(eq(crawlPages.url, 'http://vendor.test/about'));
    expect((await repository.httpsOriginsOfCrawl(jobId)).sort()).toEqual([
      'https://docs.vendor.test',
      'https://login.vendor.test',
      'https://www.vendor.test',
      'https://www.vendor.test:8443',
    ]);
  });
});
