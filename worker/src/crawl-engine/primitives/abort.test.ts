import { ABORT_REASONS, CrawlAbortedError, sleepUntil } from './abort';

describe('sleepUntil', () => {
  it('never resolves before Date.now() reaches the deadline', async () => {
    // A plain setTimeout of the same length fires a millisecond early about once in fifty here
    // (libuv's clock is not Date.now()'s); over 300 short sleeps that happens almost surely.
    const early: number[] = [];
    for (let i = 0; i < 300; i++) {
      const deadline = Date.now() + 1 + (i % 4);
      await sleepUntil(deadline, new AbortController().signal);
      if (Date.now() < deadline) early.push(deadline - Date.now());
    }
    expect(early).toEqual([]);
  });

  it('rejects with the abort reason when the crawl stops while it sleeps, and at once when it already has', async () => {
    const job = new AbortController();
    const sleeping = sleepUntil(Date.now() + 60_000, job.signal);
    job.abort(ABORT_REASONS.cancel);
    await expect(sleeping).rejects.toEqual(new CrawlAbortedError(ABORT_REASONS.cancel));
    await expect(sleepUntil(Date.now() - 1, job.signal)).rejects.toBeInstanceOf(CrawlAbortedError);
  });
});
