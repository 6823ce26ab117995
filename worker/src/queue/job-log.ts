import { loggableError } from '@vendorwatch/db';
import { Logger as NestPinoLogger, type PinoLogger } from 'nestjs-pino';

/** A pino logger, as nestjs-pino's PinoLogger holds it (`PinoLogger.logger`). */
type Pino = PinoLogger['logger'];

/**
 * Where a running job logs: pino's child logger carrying the job's `jobId`, `job` and `attempt`, under a
 * class's name (`context`), each line in the shape Nest's `Logger` gives it through nestjs-pino. The job
 * is passed explicitly rather than found in an AsyncLocalStorage: once one has been entered, Node 20
 * runs async hooks on every promise, tick and timer of the process for good (issue 43: about 1.5 ms
 * of the worker's CPU per crawled page).
 */
export class JobLog {
  private readonly lines: NestPinoLogger;

  constructor(
    private readonly pino: Pino,
    private readonly context: string,
  ) {
    // nestjs-pino's Logger calls only the level methods of the PinoLogger it wraps, which a pino logger
    // has: over the job's child it writes the lines Nest's Logger would, without looking up a store.
    this.lines = new NestPinoLogger(pino as unknown as PinoLogger, {});
  }

  /** The same job's lines under another class's name (a collaborator the job runs, such as AfterCrawl). */
  as(context: string): JobLog {
    return new JobLog(this.pino, context);
  }

  log(message: string): void {
    this.lines.log(message, this.context);
  }

  warn(message: string): void {
    this.lines.warn(message, this.context);
  }

  debug(message: string): void {
    this.lines.debug(message, this.context);
  }

  /** As `Logger.error(message, stack)`: the error's stack (a database error's without its SQL) goes in `err`. */
  error(message: string, error?: unknown): void {
    this.lines.error(message, error === undefined ? undefined : loggableError(error), this.context);
  }
}
