/**
 * Lets the crawl loop store one page while it claims and fetches the next: the store's round trip
 * to PostgreSQL (a quarter of the loop's time under load; see bench/README.md) leaves the critical
 * path. One write in flight at a time, started in order; a failed write fails the crawl at the
 * next `push` or `settle`, never silently.
 */
export class WriteBehind {
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  get pending(): boolean {
    return this.inFlight !== null;
  }

  /** Waits for the write in flight, then starts `write` without waiting for it. */
  async push(write: () => Promise<unknown>): Promise<void> {
    await this.settle();
    this.inFlight = write().then(
      () => undefined,
      (error: unknown) => {
        this.failure = { error };
      },
    );
  }

  /** Waits for the write in flight; rethrows its error. */
  async settle(): Promise<void> {
    await this.inFlight;
    this.inFlight = null;
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure.error;
  }
}
