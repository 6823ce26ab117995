import { CrawlDomainPostureRepository, vendors } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startDnsServer, type TestDnsServer } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const txt = (record: string) => ({ type: 'TXT' as const, data: [record] });
const INTERNAL = /corp\.internal|cluster\.local/;

/**
 * Issue 37 row 6, as a crawl meets it: the operator's resolver answers internal zones (`corp.internal`,
 * `*.svc.cluster.local`). The API refuses such vendor domains now, but a vendor may still name one —
 * stored before the rule — or have a website on an internal host, whose registrable domain is the
 * default primary domain. With private networks refused (the default), the crawl's posture read asks
 * nothing about them, so no internal TXT or MX record lands in its facts.
 */
describe('a crawl reads no internal DNS zone', () => {
  let harness: WorkerHarness;
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer({
      zone: {
        'corp.internal': [
          txt('v=spf1 ip4:10.1.2.3 -all'),
          { type: 'MX', data: { preference: 10, exchange: 'mail.corp.internal' } },
        ],
        '_dmarc.corp.internal': [txt('v=DMARC1; p=reject')],
        'svc.cluster.local': [txt('internal-service-token=abc')],
      },
    });
    harness = await startWorkerHarness({ DNS_SERVERS: dns.address, CRAWL_ALLOW_PRIVATE_NETWORKS: 'false' });
    await harness.startWorker();
  });
  afterAll(async () => {
    await harness?.close();
    await dns?.close();
  });

  const crawlOf = async (url: string, domains: string[]) => {
    const { userId, vendorId } = await harness.createUser();
    await harness.database.db.update(vendors).set({ url, domains }).where(eq(vendors.id, vendorId));
    const id = await harness.startCrawl({ method: 'http', targetUrl: url, userId, vendorId });
    await harness.waitForStatus(id, ['completed', 'failed']);
    return harness.waitFor(
      () => new CrawlDomainPostureRepository(harness.database.db).findByJobId(id),
      90_000,
      'the posture facts',
    );
  };

  it('neither for domains listed before the API refused them nor for the default domain of an internal website', async () => {
    const listed = await crawlOf('https://intranet.corp.internal/', ['corp.internal', 'api.svc.cluster.local']);
    const byDefault = await crawlOf('https://intranet.corp.internal/', []);

    expect(listed.domains).toEqual([]);
    expect(byDefault.domains).toEqual([]);
    expect(JSON.stringify([listed, byDefault])).not.toMatch(/10\.1\.2\.3|mail\.corp|internal-service-token/);
    expect(dns.questions.filter((question) => INTERNAL.test(question) && !/^A{1,4} intranet\./.test(question))).toEqual([]);
  });
});
