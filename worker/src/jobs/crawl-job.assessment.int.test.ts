import type { CheckOutcome, CrawlMethod } from '@vendorwatch/contracts';
import {
  complianceAssessments,
  ComplianceAssessmentsRepository,
  CrawlDomainPostureRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
} from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { AssessmentPool, CrawlAssessor } from '@vendorwatch/runtime';
import { startFixtureSite, startScrapingBeeServer, type FixtureSite, type ScrapingBeeServer } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * What the fixture site passes and fails on purpose (test-support/fixture-site.ts), per check: the
 * same for every method, except what only the browser sees (trackers it requested, axe-core).
 */
const EXPECTED: Record<string, CheckOutcome> = {
  https: 'fail',
  'http-redirects-to-https': 'fail',
  hsts: 'fail',
  'mixed-content': 'not_applicable',
  'content-security-policy': 'fail',
  'x-content-type-options': 'pass',
  'frame-protection': 'pass',
  'referrer-policy': 'pass',
  'permissions-policy': 'fail',
  'server-version-disclosure': 'fail',
  'cookie-secure': 'not_applicable',
  'cookie-httponly': 'fail',
  'cookie-samesite': 'pass',
  'vulnerable-js-libraries': 'pass',
  'privacy-policy-linked': 'pass',
  'terms-linked': 'pass',
  'imprint-contact': 'pass',
  'cookie-consent': 'pass',
  'trackers-before-consent': 'not_applicable',
  'third-party-hosts': 'pass',
  'security-txt': 'pass',
  'broken-internal-links': 'fail',
  'page-titles': 'pass',
  'meta-descriptions': 'fail',
  'duplicate-titles': 'pass',
  'html-lang': 'pass',
  'image-alt': 'fail',
  'axe-violations': 'not_applicable',
  // The fixture site is reached by address (127.0.0.1) over plain HTTP: no domain to read, no HTTPS origin.
  ...Object.fromEntries(
    [
      'spf',
      'dmarc',
      'mx',
      'mta-sts',
      'tls-rpt',
      'dkim',
      'dnssec',
      'caa',
      'tls-protocols',
      'tls-certificate',
      'tls-key-strength',
    ].map((id) => [id, 'not_applicable' as const]),
  ),
};
const BROWSER_ONLY: Record<string, CheckOutcome> = { 'trackers-before-consent': 'fail', 'axe-violations': 'fail' };

const EXPECTED_BY_METHOD: Record<CrawlMethod, { outcomes: Record<string, CheckOutcome>; rate: number }> = {
  http: { outcomes: EXPECTED, rate: 50 },
  api: { outcomes: EXPECTED, rate: 50 },
  puppeteer: { outcomes: { ...EXPECTED, ...BROWSER_ONLY }, rate: 43.9 },
  adaptive: { outcomes: { ...EXPECTED, ...BROWSER_ONLY }, rate: 43.9 },
};

describe('compliance assessment of a completed crawl', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let bee: ScrapingBeeServer;
  let assessments: ComplianceAssessmentsRepository;
  const pool = new AssessmentPool();

  beforeAll(async () => {
    bee = await startScrapingBeeServer({ keys: { 'assessment-key': 1000 } });
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startFixtureSite();
    assessments = new ComplianceAssessmentsRepository(harness.database.db);
  });
  afterAll(async () => {
    await pool.close();
    await harness.close();
    await site.close();
    await bee.close();
  });

  it.each(['http', 'api', 'puppeteer', 'adaptive'] as const)(
    'a crawl by %s is assessed when it completes: every check as expected',
    async (method) => {
      const { userId, vendorId, workspaceId } = await harness.createUser();
      const crawlerConfigId =
        method === 'api' ? await harness.createCrawlerConfig(userId, 'assessment-key', bee.endpoint) : undefined;
      const id = await harness.startCrawl({
        method,
        targetUrl: `${site.url}/`,
        settings: FIXTURE_SCOPE,
        userId,
        vendorId,
        crawlerConfigId,
      });
      expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');

      const stored = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, 'the assessment');
      const checks = await assessments.checkResults(stored.id);
      const { outcomes, rate } = EXPECTED_BY_METHOD[method];
      expect(Object.fromEntries(checks.map((check) => [check.checkId, check.outcome]))).toEqual(outcomes);
      expect(stored).toMatchObject({ rate, label: 'Non-Compliant', vendorId, method, pagesChecked: 15 });

      // Evidence names the page and what decided it.
      const server = checks.find((check) => check.checkId === 'server-version-disclosure')!;
      expect(server.evidence).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ url: `${site.url}/`, detail: expect.stringContaining('Apache/2.4.62') }),
        ]),
      );
      const broken = checks.find((check) => check.checkId === 'broken-internal-links')!;
      expect(broken.evidence.map((e) => e.url)).toEqual(expect.arrayContaining([`${site.url}/missing`, `${site.url}/broken`]));
      // Checks a method cannot evaluate are named as such.
      if (method !== 'puppeteer' && method !== 'adaptive')
        expect(stored.notEvaluatedByMethod).toEqual(expect.arrayContaining([expect.stringMatching(/tracker/i)]));
    },
  );

  it('re-assessing the same crawl gives the same result, under the same report id', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE, userId, vendorId });
    await harness.waitForStatus(id, ['completed']);
    const first = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, 'the assessment');
    const firstChecks = await assessments.checkResults(first.id);

    const db = harness.database.db;
    const again = await new CrawlAssessor(
      new CrawlJobsRepository(db),
      new CrawlPagesRepository(db),
      assessments,
      new CrawlDomainPostureRepository(db),
      new CrawlInventoriesRepository(db),
      pool,
    ).assess(id);
    expect(again?.id).toBe(first.id);
    const strip = (rows: typeof firstChecks) => rows.map(({ assessmentId: _a, ...rest }) => rest);
    expect(strip(await assessments.checkResults(first.id))).toEqual(strip(firstChecks));
    expect((await assessments.findByJob(workspaceId, id))!.rate).toBe(first.rate);
  });

  it('catches up a completed crawl left without an assessment (a worker died in between)', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE, userId, vendorId });
    await harness.waitForStatus(id, ['completed']);
    const first = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, 'the assessment');
    await harness.database.db.delete(complianceAssessments).where(eq(complianceAssessments.id, first.id));

    const db = harness.database.db;
    const assessor = new CrawlAssessor(
      new CrawlJobsRepository(db),
      new CrawlPagesRepository(db),
      assessments,
      new CrawlDomainPostureRepository(db),
      new CrawlInventoriesRepository(db),
      pool,
    );
    expect(await assessor.catchUp(24 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect(await assessments.findByJob(workspaceId, id)).toMatchObject({ rate: 50, label: 'Non-Compliant' });
  });
});
