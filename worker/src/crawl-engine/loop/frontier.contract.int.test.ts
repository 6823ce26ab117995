import { asWorkspaceId, CrawlFrontierRepository, crawlFrontier, crawlJobs, users } from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf } from '@vendorwatch/db/testing';
import { asc, eq } from 'drizzle-orm';
import { describeFrontierContract } from '../testing/frontier-contract';
import { InMemoryFrontier } from '../testing/in-memory-frontier';
import { VirtualClock } from '../testing/virtual-clock';

describeFrontierContract('in memory', async () => {
  const frontier = new InMemoryFrontier(new VirtualClock());
  let n = 0;
  return {
    frontier,
    workspaceId: asWorkspaceId('workspace-1'),
    newJob: async () => `job-${++n}`,
    rows: async (jobId) => frontier.list(jobId),
    close: async () => undefined,
  };
});

/** The repository on a database of each driver: its per-page statements reach each driver's client their own way. */
const onDatabase = (driver: 'postgres' | 'pglite') => async () => {
  const database = await createTestDatabase(driver);
  const [user] = await database.db
    .insert(users)
    .values({ id: '00000000-0000-4000-8000-00000000000a', email: 'frontier@example.com', encryptedPassword: 'x' })
    .returning();
  const workspaceId = await personalWorkspaceOf(database.db, user!.id);
  return {
    frontier: new CrawlFrontierRepository(database.db),
    workspaceId,
    newJob: async () => {
      const [job] = await database.db
        .insert(crawlJobs)
        .values({ workspaceId, userId: user!.id, method: 'http', targetUrl: 'https://vendor.test/' })
        .returning();
      return job!.id;
    },
    rows: (jobId: string) =>
      database.db.select().from(crawlFrontier).where(eq(crawlFrontier.jobId, jobId)).orderBy(asc(crawlFrontier.seq)),
    close: () => database.drop(),
  };
};

describeFrontierContract('PostgreSQL', onDatabase('postgres'));
describeFrontierContract('PGlite', onDatabase('pglite'));
