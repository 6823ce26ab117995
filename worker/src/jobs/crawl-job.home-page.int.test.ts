import { ComplianceAssessmentsRepository } from '@vendorwatch/db';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * One verdict per site: the home page is the start URL after canonicalisation and redirects, however a
 * person typed the vendor's address. The same fixture site, crawled for real under each spelling,
 * gets the same outcomes and the same rate. (`localhost` and `127.0.0.1` are two hosts: each is
 * compared with its own spellings.)
 */
describe('the same site under every spelling of its address', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let assessments: ComplianceAssessmentsRepository;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    // No flaky page: the first crawl would see its 503 and the others not.
    site = await startFixtureSite({ flakyFailures: 0 });
    assessments = new ComplianceAssessmentsRepository(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  async function verdictOf(targetUrl: string) {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const id = await harness.startCrawl({ method: 'http', targetUrl, settings: FIXTURE_SCOPE, userId, vendorId });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    const stored = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 30_000, `the assessment of ${targetUrl}`);
    const checks = await assessments.checkResults(stored.id);
    return { targetUrl, rate: stored.rate, outcomes: Object.fromEntries(checks.map((check) => [check.checkId, check.outcome])) };
  }

  it.each([
    [
      '127.0.0.1',
      (port: number) => [
        `http://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/`,
        `HTTP://127.0.0.1:${port}/`,
        `http://127.0.0.1:${port}/#welcome`,
      ],
    ],
    ['localhost', (port: number) => [`http://localhost:${port}/`, `http://LocalHost:${port}`, `http://LOCALHOST:${port}/#top`]],
  ])('%s: same outcomes and same rate, the home page found under each', async (_host, spellings) => {
    const verdicts = await Promise.all(spellings(site.port).map(verdictOf));
    const [first, ...others] = verdicts;
    for (const other of others) expect({ ...other, targetUrl: first!.targetUrl }).toEqual(first);
    // The home page links both policies and answers plain HTTP itself: found, whatever the spelling.
    expect(first!.outcomes).toMatchObject({
      'privacy-policy-linked': 'pass',
      'terms-linked': 'pass',
      'http-redirects-to-https': 'fail',
    });
  });
});
