import { gradesOf } from '@vendorwatch/compliance';
import { explainCrawlFailure } from '@vendorwatch/contracts';
import {
  alertDeliveries,
  AlertsRepository,
  asWorkspaceId,
  complianceAssessments,
  ComplianceAssessmentsRepository,
  CrawlDomainPostureRepository,
  vendors,
} from '@vendorwatch/db';
import { bullConnection, JOBS, SecretBox, storedTarget } from '@vendorwatch/runtime';
import { Worker } from 'bullmq';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startDnsServer, TestCertificateAuthority, type TestDnsServer, type TestKeyPair } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const HOME = '<html lang="en"><head><title>Vendor</title></head><body>Hello</body></html>';

/** Each refused certificate the issue names, and what the certificate checks must say of it. */
interface RefusedSite {
  kind: string;
  pair: (trusted: TestCertificateAuthority, unknown: TestCertificateAuthority) => Promise<TestKeyPair>;
  /** The check that fails, and its summary. */
  failing: { checkId: string; summary: RegExp };
  /** The plain words of the vendor's state (the crawl's failure explained). */
  state: RegExp;
  tls?: https.ServerOptions;
}

const REFUSED: RefusedSite[] = [
  {
    kind: 'expired',
    pair: (ca) => ca.issue({ names: ['127.0.0.1'], notBeforeDays: -400, notAfterDays: -2 }),
    failing: { checkId: 'tls-certificate', summary: /^The certificate for 127\.0\.0\.1 expired on / },
    state: /^The site's certificate was refused: it has expired/,
  },
  {
    kind: 'self-signed',
    pair: (ca) => ca.issue({ names: ['127.0.0.1'], selfSigned: true }),
    failing: { checkId: 'tls-certificate', summary: /^Browsers refuse the certificate for 127\.0\.0\.1: it is self-signed/ },
    state: /^The site's certificate was refused: it is self-signed/,
  },
  {
    kind: 'for another name',
    pair: (ca) => ca.issue({ names: ['elsewhere.example'] }),
    failing: {
      checkId: 'tls-certificate',
      summary: /^Browsers refuse the certificate for 127\.0\.0\.1: it is issued for another name/,
    },
    state: /^The site's certificate was refused: it is issued for another name/,
  },
  {
    kind: 'signed with SHA-1',
    // The test CA signs with SHA-256: a SHA-1 certificate signs itself (so it is refused as self-signed too).
    pair: (ca) => ca.issue({ names: ['127.0.0.1'], hash: 'SHA-1', selfSigned: true }),
    failing: { checkId: 'tls-key-strength', summary: /SHA-1/ },
    state: /^The site's certificate was refused: /,
    tls: { ciphers: 'DEFAULT@SECLEVEL=0' },
  },
  {
    kind: 'from an unknown authority',
    pair: (_ca, unknown) => unknown.issue({ names: ['127.0.0.1'] }),
    failing: {
      checkId: 'tls-certificate',
      summary: /^Browsers refuse the certificate for 127\.0\.0\.1: it is from an unknown certificate authority/,
    },
    state: /^The site's certificate was refused: it is from an unknown certificate authority/,
  },
];

/**
 * Issue #38 rows 1 and 2: every way a crawl ends goes through the one after-crawl step. A vendor whose
 * site's certificate is refused is not "not assessed": its failed crawl is judged on what needs no
 * page (TLS, email and domain) and graded; a crawl the reconciler ends as failed alerts as one the crawl
 * handler ends. The worker trusts the test's CA as an operator's system would (NODE_EXTRA_CA_CERTS).
 */
describe('after a crawl ends, whatever its ending', () => {
  let harness: WorkerHarness;
  let dns: TestDnsServer;
  let caDir: string;
  const servers: https.Server[] = [];
  const origins = new Map<string, string>();
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;

  beforeAll(async () => {
    const [trusted, unknown] = [await TestCertificateAuthority.create(), await TestCertificateAuthority.create()];
    caDir = mkdtempSync(path.join(os.tmpdir(), 'vw-test-ca-'));
    writeFileSync(path.join(caDir, 'ca.pem'), trusted.certPem);
    for (const site of REFUSED) {
      const server = https.createServer({ ...(await site.pair(trusted, unknown)), ...site.tls }, (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOME),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      origins.set(site.kind, `https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    // The operator's resolver, answering for a vendor's domain: SPF and DMARC right.
    dns = await startDnsServer({
      zone: {
        'refused-vendor.com': [{ type: 'TXT', data: ['v=spf1 -all'] }],
        '_dmarc.refused-vendor.com': [{ type: 'TXT', data: ['v=DMARC1; p=reject; rua=mailto:dmarc@refused-vendor.com'] }],
      },
    });
    harness = await startWorkerHarness({ DNS_SERVERS: dns.address });
    process.env.NODE_EXTRA_CA_CERTS = path.join(caDir, 'ca.pem');
  });
  afterAll(async () => {
    if (extraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = extraCa;
    await harness?.close();
    await dns?.close();
    for (const server of servers) server.close();
    rmSync(caDir, { recursive: true, force: true });
  });

  const assessmentOf = (jobId: string) =>
    harness.waitFor(
      async () =>
        (await harness.database.db.select().from(complianceAssessments).where(eq(complianceAssessments.jobId, jobId)))[0],
      60_000,
      `the assessment of crawl ${jobId}`,
    );

  it('a crawl the reconciler ends as failed fires a crawl_failed rule, as one the crawl handler ends does', async () => {
    const { userId, vendorId, workspaceId: workspace } = await harness.createUser();
    const workspaceId = asWorkspaceId(workspace);
    const alerts = new AlertsRepository(harness.database.db);
    const secrets = new SecretBox(SecretBox.generateKey());
    await alerts.createChannel({
      userId,
      workspaceId,
      name: 'Hook',
      kind: 'webhook',
      ...storedTarget(secrets, 'webhook', 'https://hooks.example/failed'),
      confirmedAt: new Date(),
    });
    await alerts.createRule({ userId, workspaceId, kind: 'crawl_failed' });
    // Older than the reconciler's grace for queued rows, so the start-up reconcile ends it rather than
    // the next periodic one a minute later (past this test's wait on a loaded machine).
    const id = await harness.insertCrawl({
      method: 'http',
      targetUrl: 'https://127.0.0.1:9/',
      userId,
      vendorId,
      createdAt: new Date(Date.now() - 60_000),
    });
    // A job that fails on its one attempt without touching the row: what a run of outages leaves
    // behind, and what only the reconciler can end.
    const failing = new Worker(
      JOBS.crawl.queue,
      async () => {
        throw new Error('Connection terminated unexpectedly');
      },
      { connection: bullConnection({ REDIS_URL: 'redis://127.0.0.1:6379' }), prefix: harness.config.QUEUE_PREFIX },
    );
    try {
      await harness.queue.add(JOBS.crawl.name, { crawlJobId: id }, { jobId: id, attempts: 1 });
      await harness.waitFor(
        async () => (await (await harness.queue.getJob(id))?.getState()) === 'failed',
        30_000,
        'the job to fail',
      );
    } finally {
      await failing.close();
    }
    expect((await harness.job(id)).status).toBe('queued');

    // A worker's start-up reconcile ends the row; AfterCrawl then reads its posture and alerts.
    await harness.spawnWorker();
    // A worker process's start takes a while on a loaded 2-core machine: wait for the outcome, generously.
    expect(await harness.waitForStatus(id, ['failed'], 150_000)).toMatchObject({
      status: 'failed',
      error: 'Connection terminated unexpectedly',
    });
    const delivery = await harness.waitFor(
      async () =>
        (await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, id))).find(
          (row) => row.ruleKind === 'crawl_failed',
        ),
      60_000,
      'the crawl_failed alert',
    );
    expect(delivery).toMatchObject({ ruleKind: 'crawl_failed', crawlJobId: id });
    expect(await new CrawlDomainPostureRepository(harness.database.db).findByJobId(id)).not.toBeNull();
  }, 300_000);

  describe('a refused certificate', () => {
    beforeAll(async () => {
      // Its own worker, so these run without the reconciler test before them.
      await harness.spawnWorker();
    }, 120_000);

    it.each(REFUSED.map((site) => [site.kind, site] as const))(
      'a vendor whose certificate is %s is assessed and graded on it, its state saying the certificate was refused',
      async (_kind, site) => {
        const { userId, vendorId } = await harness.createUser();
        const id = await harness.startCrawl({ method: 'http', targetUrl: `${origins.get(site.kind)}/`, userId, vendorId });

        const ended = await harness.waitForStatus(id, ['completed', 'failed'], 120_000);
        expect(ended.status).toBe('failed');
        expect({ summary: explainCrawlFailure(ended.error).summary, error: ended.error }).toEqual({
          summary: expect.stringMatching(site.state),
          error: ended.error,
        });

        const stored = await assessmentOf(id);
        const checks = await new ComplianceAssessmentsRepository(harness.database.db).checkResults(stored.id);
        const byId = Object.fromEntries(checks.map((check) => [check.checkId, check]));
        expect(byId[site.failing.checkId]).toMatchObject({
          outcome: 'fail',
          summary: expect.stringMatching(site.failing.summary),
        });
        // Judged without pages: TLS (the certificate among it) and email and domain, nothing that reads a page.
        expect(checks.every((check) => check.group === 'tls' || check.group === 'email_domain')).toBe(true);
        expect(byId.spf).toMatchObject({
          outcome: 'not_applicable',
          summary: expect.stringMatching(/^The vendor has no domain name/),
        });
        expect(stored.rate).not.toBeNull();
        expect(gradesOf(checks).overall.letter).not.toBeNull();
        expect(stored.failuresCritical + stored.failuresHigh).toBeGreaterThan(0);
      },
      180_000,
    );

    it("judges a named vendor's email and domain all the same", async () => {
      const { userId, vendorId } = await harness.createUser();
      await harness.database.db
        .update(vendors)
        .set({ domains: ['refused-vendor.com'] })
        .where(eq(vendors.id, vendorId));
      const id = await harness.startCrawl({ method: 'http', targetUrl: `${origins.get('expired')}/`, userId, vendorId });
      expect((await harness.waitForStatus(id, ['completed', 'failed'], 120_000)).status).toBe('failed');

      const stored = await assessmentOf(id);
      const checks = await new ComplianceAssessmentsRepository(harness.database.db).checkResults(stored.id);
      const outcomes = Object.fromEntries(checks.map((check) => [check.checkId, check.outcome]));
      expect(outcomes).toMatchObject({ 'tls-certificate': 'fail', spf: 'pass', dmarc: 'pass' });
    }, 180_000);
  });
});
