/**
 * Lets the crawl loop write an outcome that claims nothing (a retry, a redirect, a failed page)
 * while it claims and fetches the next URL: the round trip to PostgreSQL leaves the critical path.
 * A stored page is written differently: its statement claims the next URL too, so the loop waits for
 * it (during the host's rest after the fetch) and settles this first. One write in flight at a time,
 * started in order; a failed write fails the crawl at the next `push` or `settle`, never silently.
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
