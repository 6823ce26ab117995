import { CrawlJobsRepository, vendors } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * Issue 37 row 2, as a user meets it: the domain posture (email, DNS, TLS) is the crawl's last phase,
 * read while the crawl still runs — so it counts against the user's running crawls, and the user's
 * cancel stops it. The vendor's DNS server here takes every question and answers none, with the
 * query timeout and the posture budget set far beyond the test: only the cancel can end the read.
 */
describe("a crawl's posture read is part of the running crawl", () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let silentDns: dgram.Socket;
  const questions: Buffer[] = [];

  beforeAll(async () => {
    silentDns = dgram.createSocket('udp4');
    silentDns.on('message', (message) => questions.push(message));
    await new Promise<void>((resolve) => silentDns.bind(0, '127.0.0.1', resolve));
    site = await startFixtureSite();
    harness = await startWorkerHarness({
      DNS_SERVERS: `127.0.0.1:${(silentDns.address() as AddressInfo).port}`,
      DNS_QUERY_TIMEOUT_MS: '60000',
      DOMAIN_POSTURE_BUDGET_MS: '3600000',
    });
    await harness.startWorker();
  });
  afterAll(async () => {
    await harness?.close();
    await site?.close();
    silentDns?.close();
  });

  it('shows the crawl running while the posture is read, and a cancel ends it cancelled at once', async () => {
    const { userId, vendorId } = await harness.createUser();
    await harness.database.db
      .update(vendors)
      .set({ domains: ['silent-dns.example'] })
      .where(eq(vendors.id, vendorId));
    const id = await harness.startCrawl({
      method: 'http',
      targetUrl: `${site.url}/`,
      userId,
      vendorId,
      settings: { maxPages: 1 },
    });

    await harness.waitFor(async () => questions.length > 0, 60_000, 'the posture read to ask the DNS server');
    // Every page is fetched and stored, and the crawl still runs: it holds one of the user's running crawls.
    expect((await harness.pages(id)).length).toBe(1);
    expect((await new CrawlJobsRepository(harness.database.db).findById(id))?.status).toBe('running');

    expect(await harness.queues.cancelCrawl(id)).toBe('signalled');
    const ended = await harness.waitForStatus(id, ['cancelled', 'completed', 'failed'], 30_000);
    expect(ended.status).toBe('cancelled');
  });
});
