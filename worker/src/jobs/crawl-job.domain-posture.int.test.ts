import { ComplianceAssessmentsRepository, CrawlDomainPostureRepository } from '@vendorwatch/db';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TestCertificateAuthority } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const PAGES: Record<string, string> = {
  '/': '<html lang="en"><head><title>Vendor</title></head><body><a href="/about">About</a></body></html>',
  '/about': '<html lang="en"><head><title>About the vendor</title></head><body><a href="/">Home</a></body></html>',
};

/**
 * End to end: a worker process crawls a local HTTPS site, reads the vendor's domain and TLS facts
 * once the crawl completes, stores them with the crawl, and the stored assessment holds the "TLS"
 * checks with their evidence. The site's certificate comes from a CA the test makes, which the worker
 * trusts as an operator's system would (NODE_EXTRA_CA_CERTS).
 */
describe('a completed crawl is assessed on its TLS and domain posture', () => {
  let harness: WorkerHarness;
  let site: https.Server;
  let origin: string;
  let caDir: string;
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;

  beforeAll(async () => {
    const ca = await TestCertificateAuthority.create();
    caDir = mkdtempSync(path.join(os.tmpdir(), 'vw-test-ca-'));
    writeFileSync(path.join(caDir, 'ca.pem'), ca.certPem);
    site = https.createServer(await ca.issue({ names: ['127.0.0.1'] }), (request, response) => {
      const page = PAGES[request.url ?? ''];
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'Not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(site.address() as AddressInfo).port}`;
    harness = await startWorkerHarness();
    process.env.NODE_EXTRA_CA_CERTS = path.join(caDir, 'ca.pem');
    await harness.spawnWorker();
  });
  afterAll(async () => {
    if (extraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = extraCa;
    await harness?.close();
    site?.close();
    rmSync(caDir, { recursive: true, force: true });
  });

  it('stores the facts with the crawl and the TLS checks with their evidence in its assessment', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${origin}/`, userId, vendorId });
    const ended = await harness.waitForStatus(id, ['completed', 'failed']);
    expect([ended.status, ended.error]).toEqual(['completed', null]);

    const assessments = new ComplianceAssessmentsRepository(harness.database.db);
    const stored = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 60_000, 'the assessment');
    const checks = Object.fromEntries((await assessments.checkResults(stored.id)).map((check) => [check.checkId, check]));

    expect(
      Object.fromEntries(['tls-protocols', 'tls-certificate', 'tls-key-strength'].map((c) => [c, checks[c].outcome])),
    ).toEqual({
      'tls-protocols': 'pass',
      'tls-certificate': 'pass',
      'tls-key-strength': 'pass',
    });
    // The start host's certificate, read once (by the posture's TLS probe), judged by the one certificate check.
    expect(checks['tls-certificate']).toMatchObject({
      group: 'tls',
      severity: 'critical',
      summary: expect.stringMatching(/^Valid certificate for 127\.0\.0\.1 until /),
    });
    expect(checks).not.toHaveProperty('tls-origin-certificates');
    expect(checks['tls-certificate'].evidence).toHaveLength(1);
    expect(checks['tls-certificate'].evidence[0]).toEqual({
      url: origin,
      pageId: null,
      detail: expect.stringMatching(/^Subject CN=127\.0\.0\.1; issuer CN=Vendorwatch Test CA; names 127\.0\.0\.1; valid /),
    });
    expect(checks['tls-protocols'].evidence.map((e) => e.detail)).toEqual([
      'TLSv1: refused',
      'TLSv1.1: refused',
      'TLSv1.2: accepted',
      'TLSv1.3: accepted',
    ]);
    expect(checks['tls-key-strength'].evidence[0].detail).toMatch(
      /^Key RSA 2048-bit; signature SHA-256 with RSASSA-PKCS1-v1_5; SHA-256 fingerprint /,
    );
    // An address has no DNS records of its own: the email and domain checks say so, out of the rate.
    expect(checks.spf).toMatchObject({
      group: 'email_domain',
      outcome: 'not_applicable',
      summary: expect.stringMatching(/^The vendor has no domain name to read/),
    });

    const facts = await new CrawlDomainPostureRepository(harness.database.db).findByJobId(id);
    expect(facts?.origins.map((o) => o.origin)).toEqual([origin]);
    expect(facts?.domains).toEqual([]);
  });
});
