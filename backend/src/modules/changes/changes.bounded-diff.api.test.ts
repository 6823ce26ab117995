import { fill, MESSAGES, type CrawlChanges, type PageChangeDiff, type Vendor } from '@vendorwatch/contracts';
import { waitFor } from '../../../../test-support';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { storedCrawls } from './testing/stored-crawls';
import { WordDiffPool } from './word-diff.pool';

const LINES = 6000;
const lines = (line: (i: number) => string) => Array.from({ length: LINES }, (_, i) => line(i)).join('\n');

/**
 * Issue 28, row 1: a vendor rewrites a page of a few thousand short lines between two crawls, then
 * a user opens that page's diff. The diff is bounded (it gives up with the number of lines added and
 * removed) and computed off the API's event loop, so `/api/health` answers while it runs; diff reads
 * are limited per user.
 */
describe('page diffs with a bound', () => {
  let t: TestApp;
  let alice: TestUser;
  let later: string;
  const rewritten: string[] = [];
  let edited: string;

  beforeAll(async () => {
    t = await startTestApp({ DIFF_READS_PER_WINDOW: '8', DIFF_READS_WINDOW_SECONDS: '3600' });
    alice = await t.signUp();
    const vendor = (await (
      await alice.api('/api/vendors', { method: 'POST', json: { name: 'Rewriter', url: 'https://rewriter.example/' } })
    ).json()) as Vendor;
    const { crawl, page, addPages, compare } = storedCrawls(t.database.db, alice.id, vendor.id, 'https://rewriter.example');
    const earlier = await crawl(new Date('2026-11-01T10:00:00Z'));
    later = await crawl(new Date('2026-11-02T10:00:00Z'));
    // Four pages of 6 000 short lines, every line rewritten; one page with a sentence edited.
    const paths = ['/a', '/b', '/c', '/d'];
    await addPages([
      ...paths.map((path) =>
        page(
          earlier,
          path,
          path,
          lines((i) => `Item ${i} on ${path}`),
        ),
      ),
      ...paths.map((path) =>
        page(
          later,
          path,
          path,
          lines((i) => `Entry ${i} of ${path}`),
        ),
      ),
      page(earlier, '/terms', 'Terms', 'Terms\nWe keep your data for 30 days.\nContact us.'),
      page(later, '/terms', 'Terms', 'Terms\nWe keep your data for 90 days.\nContact us.'),
    ]);
    await compare(earlier, later);
    const { pages } = (await (await alice.api(`/api/crawls/${later}/changes`)).json()) as CrawlChanges;
    for (const change of pages.items) {
      if (change.url.endsWith('/terms')) edited = change.id;
      else rewritten.push(change.id);
    }
    expect(rewritten).toHaveLength(4);
  });
  afterAll(() => t.close());

  const diffOf = (pageChangeId: string) => alice.api(`/api/crawls/${later}/changes/pages/${pageChangeId}`);

  it('answers /api/health while diffs of pages rewritten whole are computed, and answers them with their size', async () => {
    const settled: boolean[] = [];
    const diffs = rewritten.map((id, index) => {
      settled[index] = false;
      return diffOf(id).then(async (response) => {
        settled[index] = true;
        return { status: response.status, body: (await response.json()) as PageChangeDiff };
      });
    });
    // Once a diff is being computed, the API still answers: the health answer comes while it runs.
    const pool = t.app.get(WordDiffPool);
    await waitFor(async () => pool.inFlight > 0, { what: 'a diff being computed', timeoutMs: 20_000, intervalMs: 5 });
    const health = await fetch(`${t.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(pool.inFlight).toBeGreaterThan(0);
    expect(settled.some((done) => !done)).toBe(true);

    for (const { status, body } of await Promise.all(diffs)) {
      expect(status).toBe(200);
      expect(body.segments).toBeNull();
      expect(body.tooManyChanges).toEqual({ linesAdded: LINES, linesRemoved: LINES });
    }
    expect(fill(MESSAGES.changes.tooManyChanges, { added: LINES, removed: LINES })).toBe(
      'Too many changes to show word by word; 6000 lines added, 6000 removed',
    );
  });

  it('still shows a small change word by word', async () => {
    const response = await diffOf(edited);
    expect(response.status).toBe(200);
    const body = (await response.json()) as PageChangeDiff;
    expect(body.tooManyChanges).toBeNull();
    expect(body.segments!.filter((s) => s.kind !== 'equal').map((s) => [s.kind, s.text.trim()])).toEqual([
      ['removed', '30'],
      ['added', '90'],
    ]);
  });

  it('limits diff reads per user: 429 with Retry-After beyond the allowance', async () => {
    // Five reads so far; three more are allowed, the next is refused.
    for (let i = 0; i < 3; i++) expect((await diffOf(edited)).status).toBe(200);
    const refused = await diffOf(edited);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many page diffs opened: at most 8 every hour\. Try again in \d+ s\.$/,
    );
  });
});
