import { CrawlDomainPostureRepository, CrawlJobsRepository, users, VendorsRepository } from '@vendorwatch/db';
import { createTestDatabase, insertCompletedCrawl, insertVendor, type TestDatabase } from '@vendorwatch/db/testing';
import { loadConfig } from '@vendorwatch/runtime';
import { startDnsServer, type TestDnsServer } from '../../../test-support';
import { CrawlDomainPosture, gathererOptionsOf } from './crawl-domain-posture.service';
import { DomainPostureGatherer } from './domain-posture-gatherer';

const txt = (record: string) => ({ type: 'TXT' as const, data: [record] });

/**
 * The vendor's own word on its domains: the crawl's start URL is on www.site.test, but the user listed
 * mail.test (where its mail lives) and the DKIM selector s1, so those are what is read.
 */
describe("a crawl's domain posture reads the vendor's listed domains and DKIM selectors", () => {
  let database: TestDatabase;
  let dns: TestDnsServer;
  let posture: CrawlDomainPosture;
  let userId: string;

  beforeAll(async () => {
    dns = await startDnsServer({
      zone: {
        'mail.test': [txt('v=spf1 -all')],
        '_dmarc.mail.test': [txt('v=DMARC1; p=reject; rua=mailto:d@mail.test')],
        's1._domainkey.mail.test': [txt('v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA')],
        'site.test': [txt('v=spf1 +all')],
      },
    });
    database = await createTestDatabase();
    const config = loadConfig({ DNS_SERVERS: dns.address, DNS_QUERY_TIMEOUT_MS: '400', CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
    const { db } = database;
    posture = new CrawlDomainPosture(
      new DomainPostureGatherer(gathererOptionsOf(config)),
      new CrawlJobsRepository(db),
      new CrawlDomainPostureRepository(db),
      new VendorsRepository(db),
    );
    const [user] = await db.insert(users).values({ email: 'posture-domains@example.com', encryptedPassword: 'x' }).returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await database?.drop();
    await dns?.close();
  });

  it('reads the listed domains, primary first, and the listed selectors on each', async () => {
    const vendor = await insertVendor(database.db, userId, {
      name: 'Acme',
      url: 'https://www.site.test/',
      description: '',
      domains: ['mail.test'],
      dkimSelectors: ['s1'],
    });
    const { jobId } = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: vendor.id,
      targetUrl: 'https://www.site.test/',
    });

    const facts = await posture.gatherForCrawl(jobId, new AbortController().signal);

    expect(facts?.domains.map((domain) => [domain.domain, domain.primary])).toEqual([['mail.test', true]]);
    expect(facts?.domains[0]!.dkim.map((dkim) => [dkim.selector, dkim.key])).toEqual([['s1', 'present']]);
    expect(dns.questions).toContain('TXT s1._domainkey.mail.test');
    expect(dns.questions.some((question) => question.endsWith(' site.test'))).toBe(false);
    expect(await new CrawlDomainPostureRepository(database.db).findByJobId(jobId)).toEqual(facts);
  });

  it('without listed domains reads the registrable domain of the start URL, and no DKIM selector', async () => {
    const vendor = await insertVendor(database.db, userId, {
      name: 'Site',
      url: 'https://www.site.test/',
      description: '',
    });
    const { jobId } = await insertCompletedCrawl(database.db, {
      userId,
      vendorId: vendor.id,
      targetUrl: 'https://www.site.test/',
    });

    const facts = await posture.gatherForCrawl(jobId, new AbortController().signal);

    expect(facts?.domains.map((domain) => [domain.domain, domain.primary, domain.dkim])).toEqual([['site.test', true, []]]);
  });
});
