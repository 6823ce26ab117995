import type { LoadSignal } from './queue/autoscaling/load-signals';
/** Injection tokens of the worker's own providers. */
export const WORKER_REDIS = Symbol('WORKER_REDIS');
export const GUARDED_DISPATCHER = Symbol('GUARDED_DISPATCHER');
export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
export const WORKER_OPTIONS = Symbol('WORKER_OPTIONS');
/** This worker's name in heartbeats and on the BullMQ jobs it processes. */
export const WORKER_ID = Symbol('WORKER_ID');

/** BullMQ timing: how soon a dead worker's job is noticed and handed to another. */
export interface WorkerOptions {
  /** A job's lock lasts this long without renewal (renewed every half of it). */
  lockDurationMs: number;
  /** How often each worker looks for jobs whose lock expired. */
  stalledIntervalMs: number;
  /** How many times one job may be recovered from a dead worker before it fails. */
  maxStalledCount: number;
  /** How often the reconciler looks for crawls whose job went missing or ended (once across all workers). */
  reconcileEveryMs: number;
  /** How often the load signals are sampled, and how often the crawl concurrency is decided from them. */
  autoscaleSampleMs: number;
  autoscaleEveryMs: number;
  /** Replaces the load signals (tests drive the autoscaler with their own). */
  loadSignals?: LoadSignal[];
}

/** A SIGKILLed worker's job is back in the queue within lockDuration + stalledInterval ≈ 20 s. */
export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  lockDurationMs: 12_000,
  stalledIntervalMs: 8_000,
  maxStalledCount: 3,
  reconcileEveryMs: 60_000,
  autoscaleSampleMs: 500,
  autoscaleEveryMs: 1000,
};
