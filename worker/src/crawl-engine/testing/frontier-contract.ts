import type { NewCrawlPage, WorkspaceId } from '@vendorwatch/db';
import type { Frontier, FrontierRow } from '../loop/frontier';

export interface FrontierUnderTest {
  frontier: Frontier;
  /** The workspace of the jobs `newJob` makes: their pages are written there. */
  workspaceId: WorkspaceId;
  /** A crawl job the frontier may hold rows for (a fresh one per call). */
  newJob(): Promise<string>;
  rows(jobId: string): Promise<FrontierRow[]>;
  close(): Promise<void>;
}

const U = (path: string) => `https://vendor.test${path}`;
const entry = (path: string, depth = 1) => ({ url: U(path), fetchUrl: U(path), depth, discoveredFrom: null });
const page = (workspaceId: WorkspaceId, jobId: string, path: string): NewCrawlPage => ({
  jobId,
  workspaceId,
  userId: '00000000-0000-4000-8000-00000000000a',
  url: U(path),
  statusCode: 200,
});

/**
 * The frontier's rules, run against every implementation: CrawlFrontierRepository on PostgreSQL and PGlite
 * and the InMemoryFrontier the fast crawl-engine tests use.
 */
export function describeFrontierContract(name: string, open: () => Promise<FrontierUnderTest>): void {
  describe(`frontier contract: ${name}`, () => {
    let under: FrontierUnderTest;
    let frontier: Frontier;
    beforeAll(async () => {
      under = await open();
      frontier = under.frontier;
    });
    afterAll(() => under.close());

    const states = async (jobId: string) =>
      Object.fromEntries((await under.rows(jobId)).map((r) => [new URL(r.url).pathname, r.state]));

    it('seeds each URL once, in order, up to maxPages; skipped URLs do not count', async () => {
      const job = await under.newJob();
      expect(await frontier.isSeeded(job)).toBe(false);
      await frontier.seed(
        job,
        [entry('/', 0), entry('/a'), entry('/a'), entry('/b'), entry('/c')],
        [{ ...entry('/x'), reason: 'robots' }],
        3,
      );
      expect(await frontier.isSeeded(job)).toBe(true);
      expect(await states(job)).toEqual({ '/': 'pending', '/a': 'pending', '/b': 'pending', '/x': 'skipped' });
    });

    it('claims one due URL at a time, oldest first, counting attempts', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/a')], [], 10);
      const first = await frontier.claimNext(job);
      expect(first).toMatchObject({ url: U('/'), state: 'in_progress', attempts: 1 });
      expect((await frontier.claimNext(job))?.url).toBe(U('/a'));
      expect(await frontier.claimNext(job)).toBeUndefined();
      expect(await frontier.counts(job)).toMatchObject({ planned: 2, pending: 0, inProgress: 2 });
    });

    it('puts URLs back for later: not claimable until due', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/a')], [], 10);
      await frontier.claimNext(job);
      await frontier.retryLater(job, [U('/')], 60_000, 'HTTP 503');
      expect((await frontier.claimNext(job))?.url).toBe(U('/a'));
      expect(await frontier.claimNext(job)).toBeUndefined();
      expect(await frontier.msUntilNextDue(job)).toBeGreaterThan(50_000);
      await frontier.retryLater(job, [U('/a')], 0, 'HTTP 503');
      expect(await frontier.msUntilNextDue(job)).toBe(0);
      expect(await frontier.claimNext(job)).toMatchObject({ url: U('/a'), attempts: 2 });
    });

    it('claims a redirect target that is new or pending, and not one the crawl already has', async () => {
      const job = await under.newJob();
      await frontier.seed(
        job,
        [entry('/', 0), entry('/pending'), entry('/done')],
        [{ ...entry('/robots'), reason: 'robots' }],
        10,
      );
      await frontier.claimNext(job);
      await frontier.claimNext(job);
      const done = await frontier.claimNext(job);
      await frontier.recordPage(job, done!.url, {
        page: page(under.workspaceId, job, '/done'),
        state: 'done',
        redirectedFrom: [],
        discovered: [],
        skipped: [],
        maxPages: 10,
        credits: 0,
      });
      await frontier.releaseInProgress(job);
      expect(await frontier.claimRedirectTarget(job, entry('/new'))).toBe('claimed');
      expect(await frontier.claimRedirectTarget(job, entry('/pending'))).toBe('claimed');
      expect(await frontier.claimRedirectTarget(job, entry('/done'))).toBe('known');
      expect(await frontier.claimRedirectTarget(job, entry('/robots'))).toBe('known');
      expect(await frontier.claimRedirectTarget(job, entry('/new'))).toBe('known');
      expect(await states(job)).toMatchObject({
        '/new': 'in_progress',
        '/pending': 'in_progress',
        '/done': 'done',
        '/robots': 'skipped',
      });
    });

    it('records a page with the URLs that redirected to it, and adds its links within maxPages', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/old')], [], 4);
      await frontier.claimNext(job);
      await frontier.claimNext(job);
      await frontier.claimRedirectTarget(job, entry('/new'));
      await frontier.recordPage(job, U('/new'), {
        page: page(under.workspaceId, job, '/new'),
        state: 'done',
        redirectedFrom: [U('/old')],
        discovered: [entry('/a', 2), entry('/b', 2), entry('/c', 2)],
        skipped: [{ ...entry('/private', 2), reason: 'robots' }],
        maxPages: 4,
        credits: 0,
      });
      // Before the write '/', '/old' and '/new' counted: one slot was left for the links.
      expect(await states(job)).toEqual({
        '/': 'in_progress',
        '/old': 'redirected',
        '/new': 'done',
        '/a': 'pending',
        '/private': 'skipped',
      });
      expect((await under.rows(job)).find((r) => r.url === U('/old'))?.redirectedTo).toBe(U('/new'));
      expect(await frontier.counts(job)).toEqual({ planned: 3, done: 1, redirected: 1, pending: 1, inProgress: 1 });
    });

    it('claims the next due URL in the write that records a page, not one that page discovers', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/later'), entry('/next')], [], 10);
      const home = await frontier.claimNext(job);
      await frontier.claimNext(job);
      await frontier.retryLater(job, [U('/later')], 60_000, 'HTTP 503');
      const recorded = await frontier.recordPage(job, home!.url, {
        page: page(under.workspaceId, job, '/'),
        state: 'done',
        redirectedFrom: [],
        discovered: [entry('/found', 1)],
        skipped: [],
        maxPages: 10,
        credits: 0,
        claimNext: true,
      });
      // '/later' is not due yet; '/found' is added by this very write.
      expect(recorded).toEqual({
        added: [U('/found')],
        next: expect.objectContaining({ url: U('/next'), state: 'in_progress', attempts: 1, depth: 1 }),
      });
      expect(recorded.next).toEqual((await under.rows(job)).find((row) => row.url === U('/next')));
      expect(await states(job)).toMatchObject({ '/': 'done', '/later': 'pending', '/next': 'in_progress', '/found': 'pending' });

      // Nothing due: nothing claimed; not asked: nothing claimed either.
      const next = recorded.next!;
      const base = { state: 'done' as const, redirectedFrom: [], skipped: [], maxPages: 10, credits: 0 };
      expect(
        await frontier.recordPage(job, next.url, { ...base, page: page(under.workspaceId, job, '/next'), discovered: [] }),
      ).toEqual({
        added: [],
      });
      expect(await states(job)).toMatchObject({ '/found': 'pending' });
      const found = await frontier.claimNext(job);
      expect(
        await frontier.recordPage(job, found!.url, {
          ...base,
          page: page(under.workspaceId, job, '/found'),
          discovered: [],
          claimNext: true,
        }),
      ).toEqual({ added: [] });
    });

    it('records a redirect to a URL the crawl has, without a page', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/old')], [], 10);
      await frontier.claimNext(job);
      const old = await frontier.claimNext(job);
      await frontier.recordRedirect(job, [old!.url], U('/'), null);
      expect(await states(job)).toMatchObject({ '/old': 'redirected' });
      expect(await frontier.counts(job)).toMatchObject({ planned: 1, redirected: 1 });
    });

    it('hands rows a lost holder left in progress back to pending', async () => {
      const job = await under.newJob();
      await frontier.seed(job, [entry('/', 0), entry('/a')], [], 10);
      await frontier.claimNext(job);
      await frontier.claimNext(job);
      expect(await frontier.releaseInProgress(job)).toBe(2);
      expect(await frontier.counts(job)).toMatchObject({ pending: 2, inProgress: 0 });
    });
  });
}
