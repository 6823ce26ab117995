import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { WordDiffResult } from '@vendorwatch/compliance';
import { MESSAGES } from '@vendorwatch/contracts';
import path from 'node:path';
import { Piscina } from 'piscina';
import { DomainError } from '../../common/errors';

export interface WordDiffTask {
  before: string;
  after: string;
  ignorePatterns: string[];
}

/** Under the tests the thread runs the TypeScript sources, through the same SWC hook the worker's threads use. */
const SOURCES_HOOK = path.resolve(__dirname, '../../../../worker/src/testing/register-swc.js');

/** Diffs waiting for the thread beyond this are refused (503): a burst cannot queue minutes of work. */
const MAX_QUEUED = 16;

/**
 * Computes page diffs on a thread of their own, so a request for the diff of a page a vendor rewrote
 * whole never holds the API's event loop (and `/api/health` with it): the diff itself is bounded in
 * time by `wordDiff`'s limits, and the thread is made on first use and ends when idle.
 */
@Injectable()
export class WordDiffPool implements OnModuleDestroy {
  private readonly pool: Piscina<WordDiffTask, WordDiffResult>;
  private running = 0;

  constructor() {
    const compiled = __filename.endsWith('.js');
    this.pool = new Piscina({
      filename: path.join(__dirname, `word-diff.thread.${compiled ? 'js' : 'ts'}`),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 60_000,
      execArgv: compiled ? process.execArgv : [...process.execArgv, '--require', SOURCES_HOOK],
    });
  }

  /** Refused (503) when too many wait already; checked and queued in one turn of the event loop. */
  async diff(task: WordDiffTask): Promise<WordDiffResult> {
    if (this.pool.queueSize >= MAX_QUEUED) throw new DomainError(503, MESSAGES.changes.diffBusy);
    this.running++;
    try {
      return await this.pool.run(task);
    } finally {
      this.running--;
    }
  }

  /** Diffs being computed or waiting for the thread. */
  get inFlight(): number {
    return this.running;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}
