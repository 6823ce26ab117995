/**
 * How many crawls one worker process runs at once, after Crawlee's AutoscaledPool: load signals are
 * sampled continuously; every interval, if none of them was overloaded in the recent window and the
 * worker is using what it has (and more work waits), it may run more; if any was overloaded, fewer.
 * Crawls are politeness-bound (most of their time is a wait for the host's turn), so the step up is
 * large — a fleet needs hundreds at once within seconds — and the step down small and steady.
 * Unlike Crawlee's tasks (one request each), a crawl holds its slot for minutes: a lower concurrency
 * takes effect only as crawls end, so it is not lowered again until the running ones are down to it
 * (otherwise a few seconds of overload would leave the worker at 1 crawl for the rest of the night).
 */
export interface AutoscalerLimits {
  min: number;
  max: number;
  /** Where it starts. */
  initial: number;
  /** Fraction of `desired` added when scaling up (at least 1). */
  scaleUpRatio: number;
  /** Fraction of `desired` removed when scaling down (at least 1). */
  scaleDownRatio: number;
  /** Scale up only when at least this fraction of `desired` is in use. */
  busyRatio: number;
}

export const DEFAULT_AUTOSCALER_LIMITS: Omit<AutoscalerLimits, 'max' | 'initial'> = {
  min: 1,
  scaleUpRatio: 0.5,
  scaleDownRatio: 0.1,
  busyRatio: 0.9,
};

/** What the worker does at a decision point. */
export interface AutoscalerState {
  /** Jobs running in this process now. */
  running: number;
  /** Whether jobs wait that this process could take. */
  backlog: boolean;
  /** The load signals that were overloaded in the recent window (empty: idle). */
  overloaded: string[];
  /**
   * The queue's crawls (running and waiting) spread evenly over the processes taking them: this
   * process does not grow past it. A crawl holds its slot for minutes, so a process that took more
   * than its share in the first seconds of a night would run the night's tail alone.
   */
  fairShare?: number;
}

export class ConcurrencyAutoscaler {
  private current: number;

  constructor(readonly limits: AutoscalerLimits) {
    this.current = clamp(limits.initial, limits.min, limits.max);
  }

  get desired(): number {
    return this.current;
  }

  /** One decision; returns the new desired concurrency. */
  decide(state: AutoscalerState): number {
    const { min, max, scaleUpRatio, scaleDownRatio, busyRatio } = this.limits;
    if (state.overloaded.length > 0) {
      const shedding = state.running > this.current;
      if (!shedding && this.current > min)
        this.current = Math.max(min, this.current - Math.max(1, Math.ceil(this.current * scaleDownRatio)));
      return this.current;
    }
    const busy = state.running >= Math.floor(this.current * busyRatio);
    const ceiling = Math.min(max, Math.max(this.current, state.fairShare ?? max));
    if (busy && state.backlog && this.current < ceiling) {
      this.current = Math.min(ceiling, this.current + Math.max(1, Math.ceil(this.current * scaleUpRatio)));
    }
    return this.current;
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
