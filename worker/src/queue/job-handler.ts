import type { JobKey, JobResult, TypedJob } from '@vendorwatch/runtime';
import type { JobLog } from './job-log';

export interface JobRunContext {
  /** Fires on cancel, on shutdown and when the job's lock is lost; the reason says which. */
  signal: AbortSignal;
  /** The lock token, for handing the job back to the queue on shutdown. */
  token: string | undefined;
  /** Where the job logs: every line carries its `jobId`, `job` and `attempt`, under the handler's class name. */
  log: JobLog;
}

/** One handler per job kind; the worker checks at start-up that every kind has exactly one. */
export interface JobHandler<K extends JobKey = JobKey> {
  readonly job: K;
  handle(job: TypedJob<K>, context: JobRunContext): Promise<JobResult<K>>;
}
