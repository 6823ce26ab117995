import { MessageChannel, type MessagePort } from 'node:worker_threads';
import path from 'node:path';
import type { Assessment, DomainPostureFacts } from '@vendorwatch/compliance';
import type { CrawlInventory, Grades } from '@vendorwatch/contracts';
import type { AssessmentPageRow, CrawlJobRow } from '@vendorwatch/db';
import { Piscina } from 'piscina';

/** What the thread is given: the crawl's row and domain facts; its pages arrive on `pages` a batch at a time. */
export interface AssessmentTask {
  job: CrawlJobRow;
  domainPosture: DomainPostureFacts | null;
  pages: MessagePort;
}

/** What the thread answers: the assessment, and the inventory and grades when the crawl was assessable. */
export interface ThreadAssessment {
  assessment: Assessment;
  inventory: CrawlInventory | null;
  grades: Grades | null;
}

/** The assessment of one crawl took longer than its budget: the thread was stopped, nothing was stored. */
export class AssessmentTimeoutError extends Error {
  constructor(budgetMs: number) {
    super(`The assessment took longer than ${budgetMs} ms and was stopped`);
  }
}

/** More assessments wait for the thread than a caller that asked to be refused accepts. */
export class AssessmentBusyError extends Error {
  constructor() {
    super('Too many assessments are waiting');
  }
}

/**
 * A crawl's whole assessment — checks, inventory, grades — gets this long on the thread, its pages' reading
 * included. The inputs are bounded (script URLs and banners per crawl, their lengths, patterns run only on
 * values holding their literal), so a crawl of thousands of pages takes seconds; the budget is what stops a
 * case nobody foresaw, on the thread, without the event loop noticing.
 */
export const ASSESSMENT_BUDGET_MS = 60_000;
/**
 * How long the thread outlives its last assessment. Starting it (the catalogue, the fingerprints and the
 * vulnerability data parsed) costs about half a second of CPU: a worker whose crawls end minutes apart —
 * a night's, whose first crawls end a minute or more after the last of the previous batch — would pay that
 * again and again with a minute; ten keep one thread for them.
 */
export const ASSESSMENT_THREAD_IDLE_MS = 10 * 60_000;
/** Assessments waiting for the thread beyond which a caller that asks (the API's reassess) is refused. */
export const MAX_WAITING_ASSESSMENTS = 16;

/** Under the tests the thread runs the TypeScript sources, through the SWC hook the worker's threads use. */
const SOURCES_HOOK = path.resolve(__dirname, '../../../../../worker/src/testing/register-swc.js');

export interface AssessmentRun {
  job: CrawlJobRow;
  domainPosture: DomainPostureFacts | null;
  /** The crawl's pages, read in batches: each is handed to the thread as it arrives, never all in one copy. */
  pages: AsyncIterable<AssessmentPageRow[]>;
  budgetMs?: number;
  /** Refuse (AssessmentBusyError) rather than queue behind MAX_WAITING_ASSESSMENTS others. */
  refuseWhenBusy?: boolean;
}

/**
 * Assesses crawls on a thread of their own (piscina, as the API's page diffs and the worker's page readers
 * do), so a vendor whose pages are slow to judge never holds the API's event loop (`/api/health`) or the
 * worker's (its job locks, its other crawls' politeness timers). One thread per process, made on first use
 * and ended when idle for ASSESSMENT_THREAD_IDLE_MS; a task over its budget ends its thread.
 */
export class AssessmentPool {
  private readonly pool: Piscina<AssessmentTask, ThreadAssessment>;

  constructor() {
    const compiled = __filename.endsWith('.js');
    this.pool = new Piscina({
      filename: path.join(__dirname, `assessment.thread.${compiled ? 'js' : 'ts'}`),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: ASSESSMENT_THREAD_IDLE_MS,
      execArgv: compiled ? process.execArgv : [...process.execArgv, '--require', SOURCES_HOOK],
    });
  }

  async assess({ job, domainPosture, pages, budgetMs = ASSESSMENT_BUDGET_MS, refuseWhenBusy = false }: AssessmentRun) {
    if (refuseWhenBusy && this.pool.queueSize >= MAX_WAITING_ASSESSMENTS) throw new AssessmentBusyError();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(new AssessmentTimeoutError(budgetMs)), budgetMs);
    const { port1, port2 } = new MessageChannel();
    const answer = this.pool.run({ job, domainPosture, pages: port2 }, { transferList: [port2], signal: stop.signal });
    // Settled here too, so a failure while the pages are still being read is not an unhandled rejection.
    answer.catch(() => undefined);
    try {
      for await (const batch of pages) {
        if (stop.signal.aborted) break;
        port1.postMessage(batch);
      }
      port1.postMessage(null);
      return await answer;
    } catch (error) {
      if (stop.signal.aborted) throw stop.signal.reason as Error;
      stop.abort(error);
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
