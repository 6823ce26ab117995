/** The part of BullMQ's worker reached to wake it: the queue its main loop sleeps on. */
interface MainLoop {
  mainLoopQueue?: { add(promise: Promise<unknown>): void } | null;
}

/**
 * Sets a running BullMQ worker's concurrency; raised, the worker takes the extra jobs at once.
 * A full BullMQ worker's main loop sleeps until one of its jobs settles, and a crawl runs for
 * minutes: a raise would wait that long to be used (the 300-vendor night ran at a few dozen crawls
 * while its autoscaler asked for a hundred). Waking the loop with a settled promise is what BullMQ's
 * own `resume()` does; `worker-scaling.int.test.ts` fails if an upgrade changes that.
 */
export function setConcurrency(worker: { concurrency: number }, concurrency: number): void {
  const raised = concurrency > worker.concurrency;
  worker.concurrency = concurrency;
  if (raised) (worker as unknown as MainLoop).mainLoopQueue?.add(Promise.resolve());
}
