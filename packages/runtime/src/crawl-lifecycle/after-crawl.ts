import { databaseErrorMessage, type CrawlDomainPostureRepository } from '@vendorwatch/db';
import type { AlertEvaluator } from './alerts/alert-evaluator';
import type { CrawlComparator } from './changes/crawl-comparator';
import type { CrawlAssessor } from './compliance/crawl-assessor';

/**
 * Reads and stores a crawl's email, DNS and TLS facts (the worker's domain posture) within its own
 * deadline, hearing `signal`; what it leaves unread is "could not be checked" in the stored facts. It
 * stores facts (possibly all unread) for every crawl it is given, so a stored row means "read".
 */
export interface CrawlPostureReader {
  gatherForCrawl(jobId: string, signal: AbortSignal): Promise<unknown>;
}

/** Where AfterCrawl reports a step that failed: the crawl stays as it ended, and the catch-up tries again. */
export interface AfterCrawlLog {
  error(message: string, error: unknown): void;
}

/** Where a caller running AfterCrawl for a job wants its lines (the job's log, carrying its id); the app's log otherwise. */
export interface AfterCrawlRun {
  log?: AfterCrawlLog;
}

/** How a crawl ended, as far as what follows it goes. */
export type CrawlEnding = 'completed' | 'failed' | 'cancelled';

/** A failed crawl younger than this may still be in its crawl handler's after-crawl steps: the catch-up leaves it alone. */
export const FAILED_CATCH_UP_GRACE_MS = 15 * 60_000;
/** Failed crawls caught up per run: each reads DNS and TLS, so a backlog is worked off over several runs. */
const FAILED_CATCH_UP_BATCH = 20;

/**
 * What acts on a crawl once the steps above are done, for every ending (the programme's re-checks:
 * a crawl a vendor asked for resolves the checks that now pass). Idempotent: the catch-up calls it again.
 */
export interface CrawlEndedListener {
  crawlEnded(jobId: string): Promise<unknown>;
  /** Crawls whose listener step never ran (a worker died): at most a batch per call. */
  catchUp(): Promise<number>;
}

export interface AfterCrawlDeps {
  posture: CrawlPostureReader | null;
  assessor: CrawlAssessor;
  comparator: CrawlComparator;
  alerts: AlertEvaluator;
  postureFacts: CrawlDomainPostureRepository;
  log: AfterCrawlLog;
  /** The remediation requests' re-checks; absent in apps without the programme. */
  rechecks?: CrawlEndedListener | null;
}

/**
 * Everything that follows a crawl, in one place for every way a crawl ends — the crawl handler (right
 * after the crawl) and the reconciler (crawls it ends, and crawls a dead worker left unfinished):
 *
 * - completed: the domain posture, the assessment, the comparison with the vendor's previous completed
 *   crawl (it reads both assessments), the alert rules;
 * - failed: the domain posture, an assessment of what can be judged without pages (email and domain,
 *   TLS — so a vendor whose certificate was refused is graded on it), the alert rules (`crawl_failed`);
 * - cancelled: nothing (a cancelled crawl is neither judged nor alerted on).
 *
 * Each step that fails is logged and leaves the crawl as it ended: the catch-up does the rest later.
 * The crawl handler reads the posture as the crawl's last phase (`readPosture`), while the crawl still
 * runs: a cancel reaches it and it counts against the user's running crawls; it then says so with
 * `postureRead`. The job's signal (a cancel or a shutdown) stops the posture read — what was not read
 * is "could not be checked" — and the remaining steps still run, since they only read the database.
 */
export class AfterCrawl {
  constructor(private readonly deps: AfterCrawlDeps) {}

  async ended(
    jobId: string,
    ending: CrawlEnding,
    signal: AbortSignal,
    { postureRead = false, log = this.deps.log }: AfterCrawlRun & { postureRead?: boolean } = {},
  ): Promise<void> {
    if (ending === 'completed') await this.afterCompleted(jobId, signal, postureRead, log);
    else if (ending === 'failed') await this.afterFailed(jobId, signal, postureRead, log);
    const rechecks = this.deps.rechecks;
    if (rechecks) await this.step(jobId, 'remediation re-checks', () => rechecks.crawlEnded(jobId), log);
  }

  /**
   * The same steps for crawls (within `withinMs`) that a worker left unfinished or that ended where no
   * posture could be read (a crawl the API's reconcile ended): completed crawls without an assessment
   * are assessed, those without a comparison compared and alerted on; failed crawls without posture
   * facts get their whole failed path. A rule fires once per crawl and channel, so evaluating again is safe.
   */
  async catchUp(
    withinMs: number,
    signal: AbortSignal,
    now = new Date(),
  ): Promise<{ assessed: number; compared: number; failed: number }> {
    const assessed = await this.deps.assessor.catchUp(withinMs, now);
    const compared = await this.deps.comparator.catchUp(withinMs, now);
    for (const jobId of compared) await this.step(jobId, 'alerts', () => this.deps.alerts.evaluate(jobId));
    const failed = await this.deps.postureFacts.failedCrawlsWithoutFacts(
      new Date(now.getTime() - withinMs),
      new Date(now.getTime() - FAILED_CATCH_UP_GRACE_MS),
      FAILED_CATCH_UP_BATCH,
    );
    for (const jobId of failed) {
      if (signal.aborted) break;
      await this.afterFailed(jobId, signal, false);
    }
    const rechecks = this.deps.rechecks;
    if (rechecks) await this.step('catch-up', 'remediation re-checks', () => rechecks.catchUp());
    return { assessed, compared: compared.length, failed: failed.length };
  }

  private async afterCompleted(jobId: string, signal: AbortSignal, postureRead: boolean, log: AfterCrawlLog): Promise<void> {
    if (!postureRead) await this.readPosture(jobId, signal, { log });
    // The comparison reads the assessment and the alerts read the comparison: a step that failed stops
    // the ones after it, and the catch-up (a crawl without an assessment, or without a comparison) resumes there.
    if (!(await this.step(jobId, 'assessment', () => this.deps.assessor.assess(jobId), log))) return;
    if (!(await this.step(jobId, 'change detection', () => this.deps.comparator.compare(jobId), log))) return;
    await this.step(jobId, 'alerts', () => this.deps.alerts.evaluate(jobId), log);
  }

  private async afterFailed(jobId: string, signal: AbortSignal, postureRead: boolean, log = this.deps.log): Promise<void> {
    if (!postureRead) await this.readPosture(jobId, signal, { log });
    await this.step(jobId, 'assessment', () => this.deps.assessor.assess(jobId), log);
    // A failed crawl alerts whatever became of its assessment: `crawl_failed` needs none.
    await this.step(jobId, 'alerts', () => this.deps.alerts.evaluate(jobId), log);
  }

  /** The crawl's email, DNS and TLS facts, within the posture's deadline; a failure is logged, never thrown. */
  async readPosture(jobId: string, signal: AbortSignal, { log = this.deps.log }: AfterCrawlRun = {}): Promise<void> {
    const posture = this.deps.posture;
    if (posture) await this.step(jobId, 'reading the domain and TLS facts', () => posture.gatherForCrawl(jobId, signal), log);
  }

  /** Runs one step; a failure is logged — to the caller's log, else the app's — never thrown: the crawl has ended as it ended. */
  private async step(jobId: string, name: string, run: () => Promise<unknown>, log = this.deps.log): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      log.error(`Crawl ${jobId}: ${name} failed: ${databaseErrorMessage(error)}`, error);
      return false;
    }
  }
}
