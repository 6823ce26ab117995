import { hostOf } from '../urls/canonical-url';
import type { Fetcher, RedirectDecision } from '../fetchers/fetcher';
import type { HostGate, HostLease } from './host-gate';
import { hostPauseMs, type FetchAttempt } from './retry-policy';

/** The delay owed to a URL's host after a request to it: the crawl's, or the site's longer Crawl-delay. */
export type DelayFor = (url: string) => number;

/**
 * One request's turn at a host, carried across the hops of a redirect: every hop, to the same host
 * or another, waits for that host's turn like any other request, so no two requests to one host are
 * ever closer than its delay. A server's Retry-After holds the host closed at least that long.
 */
export class HostTurn {
  private lease: HostLease | null = null;
  private url: string | null = null;
  private pauseMs = 0;

  constructor(
    private readonly gate: HostGate,
    private readonly delayFor: DelayFor,
    private readonly signal: AbortSignal,
  ) {}

  /** Waits for `url`'s host (after leaving the current one, if any). */
  async enter(url: string): Promise<void> {
    await this.leave();
    this.lease = await this.gate.acquire(hostOf(url), this.signal);
    this.url = url;
  }

  /** Frees the current host, closed for its delay (or a longer pause a server asked for). */
  async leave(): Promise<void> {
    const { lease, url } = this;
    if (!lease || !url) return;
    this.lease = null;
    this.url = null;
    const delay = Math.max(this.delayFor(url), this.pauseMs);
    this.pauseMs = 0;
    await lease.release(delay);
  }

  /** The current host answered "later" (Retry-After): keep it closed at least `ms` after this request. */
  pause(ms: number): void {
    this.pauseMs = Math.max(this.pauseMs, ms);
  }
}

/** Runs `work` holding `url`'s host turn, and leaves whichever host the work ended on. */
export async function atHost<T>(
  gate: HostGate,
  delayFor: DelayFor,
  url: string,
  signal: AbortSignal,
  work: (turn: HostTurn) => Promise<T>,
): Promise<T> {
  const turn = new HostTurn(gate, delayFor, signal);
  await turn.enter(url);
  try {
    return await work(turn);
  } finally {
    await turn.leave();
  }
}

/**
 * One fetch in its host's turn, as the crawl loop and the test crawl both make it: waits for the host,
 * fetches through the method's fetcher with every redirect hop put to `beforeRedirect` (which may move
 * the turn to the hop's host), and keeps the host closed for a server's Retry-After. What the fetch
 * threw comes back as the attempt's error, for the retry policy to judge.
 */
export function fetchInTurn(
  gate: HostGate,
  delayFor: DelayFor,
  fetcher: Fetcher,
  url: string,
  signal: AbortSignal,
  beforeRedirect: (to: string, turn: HostTurn) => Promise<RedirectDecision>,
): Promise<FetchAttempt> {
  return atHost<FetchAttempt>(gate, delayFor, url, signal, async (turn) => {
    let attempt: FetchAttempt;
    try {
      attempt = { fetched: await fetcher.fetch(url, signal, { beforeRedirect: (to) => beforeRedirect(to, turn) }) };
    } catch (error) {
      attempt = { error };
    }
    const pause = hostPauseMs(attempt);
    if (pause !== undefined) turn.pause(pause);
    return attempt;
  });
}
