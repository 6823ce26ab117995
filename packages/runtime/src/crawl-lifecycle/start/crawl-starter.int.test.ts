import { MESSAGES } from '@vendorwatch/contracts';
import {
  CrawlerConfigsRepository,
  CrawlerSettingsRepository,
  CrawlJobsRepository,
  UsersRepository,
  VendorsRepository,
  crawlJobs,
  type WorkspaceId,
} from '@vendorwatch/db';
import { createTestDatabase, insertVendor, type TestDatabase } from '@vendorwatch/db/testing';
import { randomBytes } from 'node:crypto';
import { startTcpProxy, waitFor, type TcpProxy } from '../../../../../test-support';
import { CrawlStarter, CrawlStartRefused } from './crawl-starter';
import { JobQueues } from '../../queue/job-queues';
import { createQueue } from '../../queue/queues';
import { reconnectDelay, RECONNECT_MAX_DELAY_MS } from '../../queue/redis';

/**
 * A crawl start the queue refuses (Redis lost between the API's checks and its enqueue) is a 503
 * and nothing else: its row is withdrawn, never left behind as a failed crawl.
 */
describe('CrawlStarter when the queue refuses the job', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let queues: JobQueues;
  let prefix: string;
  let starter: CrawlStarter;
  let userId: string;
  let workspaceId: WorkspaceId;
  let vendorId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379));
    prefix = `vwtest-${randomBytes(4).toString('hex')}`;
    queues = new JobQueues({ REDIS_URL: proxy.urlFor('redis://127.0.0.1:6379'), QUEUE_PREFIX: prefix }, { role: 'producer' });
    // The crawl queue's connection made before the proxy cuts it.
    await queues.crawlCounts();
    const jobs = new CrawlJobsRepository(database.db);
    const vendors = new VendorsRepository(database.db);
    starter = new CrawlStarter({
      vendors,
      jobs,
      queues,
      crawlerSettings: new CrawlerSettingsRepository(database.db),
      crawlerConfigs: new CrawlerConfigsRepository(database.db),
    });
    const user = await new UsersRepository(database.db).create({
      email: 'starter@example.com',
      encryptedPassword: '',
      userMetadata: {},
    });
    userId = user!.id;
    const vendor = await insertVendor(database.db, userId, { name: 'Acme', url: 'https://acme.example/', description: '' });
    [vendorId, workspaceId] = [vendor.id, vendor.workspaceId];
  });

  afterAll(async () => {
    proxy?.restore();
    // Back through the proxy before cleaning up: the producer has no offline queue.
    await waitFor(
      async () =>
        queues.crawlCounts().then(
          () => true,
          () => false,
        ),
      { what: 'the queue to reconnect' },
    );
    const queue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: prefix }, 'crawl');
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await queues?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with the queue message and leaves no crawl row', async () => {
    proxy.cut();
    try {
      const refused = await starter
        .start({ workspaceId, userId, vendorId, method: 'http', settings: {} as never })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CrawlStartRefused);
      // The API answers this reason with 503 (crawls.service); here, the reason and the catalogue's message.
      expect(refused).toMatchObject({ reason: 'queueUnavailable', message: MESSAGES.generic.queueUnavailable });
      expect(await database.db.select().from(crawlJobs)).toEqual([]);
    } finally {
      proxy.restore();
    }
  });

  it('reconnects at most a second apart, however long Redis has been away', () => {
    expect([1, 2, 5, 10, 60, 1000].map(reconnectDelay)).toEqual([100, 200, 500, 1000, 1000, 1000]);
    expect(RECONNECT_MAX_DELAY_MS).toBeLessThanOrEqual(1000);
  });
});
