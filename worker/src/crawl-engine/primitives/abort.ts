/** Why a crawl's AbortSignal fired; BullMQ passes the reason given to `worker.cancelJob`. */
export const ABORT_REASONS = {
  /** The user cancelled: stop, keep what was fetched, end the row 'cancelled'. */
  cancel: 'cancel',
  /** The worker is shutting down: hand the job back to the queue for another worker. */
  shutdown: 'shutdown',
  /** Our job lock was lost: another worker may own the job now, touch nothing. */
  lockLost: 'lock-lost',
} as const;
export type AbortReason = (typeof ABORT_REASONS)[keyof typeof ABORT_REASONS];

export const abortReasonOf = (signal: AbortSignal): AbortReason | null =>
  signal.aborted ? (Object.values(ABORT_REASONS).find((r) => r === signal.reason) ?? ABORT_REASONS.cancel) : null;

export class CrawlAbortedError extends Error {
  override readonly name = 'CrawlAbortedError';
  constructor(readonly reason: AbortReason) {
    super(`Crawl stopped: ${reason}`);
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  const reason = abortReasonOf(signal);
  if (reason) throw new CrawlAbortedError(reason);
}

/** Waits `ms`, or less when the signal fires (then rejects): a crawl never sleeps through a cancel. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return raceAbort(new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref?.()), signal);
}

/**
 * Resolves once `Date.now()` has reached `deadline` (an epoch ms). A timer may fire a millisecond
 * before `Date.now()` says its time has come (libuv counts on its own clock; about one timer in fifty
 * here), which a politeness delay must not lose: the remainder is slept again.
 */
export async function sleepUntil(deadline: number, signal: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) await sleep(left, signal);
}

/** Settles with `promise`, or rejects as soon as the signal fires, whichever is first. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(new CrawlAbortedError(abortReasonOf(signal)!));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CrawlAbortedError(abortReasonOf(signal)!));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
