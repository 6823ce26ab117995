import { DashboardRepository } from '@vendorwatch/db';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

describe('cancelling a crawl job', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    // A page that answers after 20 s: the cancel must interrupt the request in flight.
    site = await startFixtureSite({ slowMs: 20_000 });
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  it('removes a job that is still waiting (no worker runs yet); the caller ends the row', async () => {
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/` });
    expect(await harness.queues.cancelCrawl(id)).toBe('removed');
    expect(await harness.queue.getJob(id)).toBeUndefined();
  });

  it.each(['http', 'puppeteer'] as const)(
    'stops a running %s crawl within a second, keeps what it fetched, ends cancelled',
    async (method) => {
      await harness.startWorker();
      const id = await harness.startCrawl({ method, targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE });
      await harness.waitFor(async () => site.requestsFor('/slow').length > 0, 30_000, 'the slow page to be requested');
      const donePages = (await harness.pages(id)).length;
      expect(donePages).toBeGreaterThan(3);

      const cancelledAt = Date.now();
      expect(await harness.queues.cancelCrawl(id)).toBe('signalled');
      const job = await harness.waitForStatus(id, ['cancelled', 'completed', 'failed'], 5000);
      expect(job.status).toBe('cancelled');
      expect(job.completedAt!.getTime() - cancelledAt).toBeLessThan(1000);

      const pages = await harness.pages(id);
      expect(pages.length).toBeGreaterThanOrEqual(donePages);
      expect(pages.map((p) => new URL(p.url).pathname)).not.toContain('/slow');
      expect((await harness.frontier(id)).filter((row) => row.state === 'in_progress')).toHaveLength(0);
      expect(job.pagesDone).toBe(pages.length);
      // The dashboard counts exactly the stored pages, whatever the order of the cancel and the last write.
      expect((await new DashboardRepository(harness.database.db).figures(job.workspaceId)).totalPages).toBe(pages.length);
      // Not retried: BullMQ holds it as finished, not waiting for another attempt.
      const bull = await harness.waitForJobFinished(id);
      expect(await bull!.getState()).toBe('completed');
      expect(bull!.returnvalue).toMatchObject({ status: 'cancelled' });
      site.requests.length = 0;
    },
  );
});
