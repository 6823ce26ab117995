import { sql } from 'drizzle-orm';
import type { Database } from './database';

/** SQLSTATE classes and codes that mean "the server is not there" rather than "this statement is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES =
  /connection terminated|terminating connection|server closed the connection|connection error|timeout exceeded when trying to connect|^timeout expired$|the database system is (starting up|shutting down)|Connection refused/i;

/**
 * Whether an error (or what caused it: drizzle wraps the driver's error) says the database could
 * not be reached, as opposed to a statement it refused. The first kind is worth waiting out.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a statement was cancelled by the statement timeout (or pg's query timeout): the database
 * is there but too slow to answer now. Not retried by untilDatabaseAnswers (it may be the
 * statement's own fault), but answered like an outage over HTTP.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '57014' && typeof message === 'string' && /statement timeout/i.test(message)) return true;
    if (typeof message === 'string' && /^Query read timeout$/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The message of the error the database driver raised, without the SQL text and bind parameters
 * drizzle wraps it in (they may hold secrets and mean nothing to a user).
 */
export function databaseErrorMessage(error: unknown): string {
  let current = error;
  // A data exception's message quotes the value it refused ("invalid input syntax for type integer: "…""), which may be a secret.
  const quotesValue = databaseErrorCode(error)?.startsWith('22') ?? false;
  for (let depth = 0; depth < 6; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    const message = (current as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && !message.startsWith('Failed query:'))
      return quotesValue ? message.replace(/: "[\s\S]*"$/, ': (value withheld)') : message;
    if (!cause) break;
    current = cause;
  }
  return 'Database error';
}

export interface WaitForDatabaseOptions {
  signal?: AbortSignal;
  /** Give up (and rethrow the last error) after this long; forever when absent. */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `work` until the database answers: a failure because it is unreachable is retried with a
 * backoff of 0.5 s doubling to 5 s; any other failure (or an abort) is thrown at once.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, options: WaitForDatabaseOptions = {}): Promise<T> {
  const started = Date.now();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
  for (let wait = 500; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || options.signal?.aborted) throw error;
      if (options.maxWaitMs !== undefined && Date.now() - started + wait > options.maxWaitMs) throw error;
      await sleep(wait);
    }
  }
}

/** Resolves once the database answers a trivial query (see untilDatabaseAnswers). */
export async function waitForDatabase(db: Database, options: WaitForDatabaseOptions = {}): Promise<void> {
  await untilDatabaseAnswers(() => db.execute(sql`select 1`), options);
}

/** The SQLSTATE the server answered with (drizzle keeps the driver's error as `cause`), if any. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether drizzle wrapped this error with its statement and bind parameters. */
const isQueryError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && message.startsWith('Failed query:')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * An error as a log line may show it: a database error by the driver's message and SQLSTATE, with
 * the stack's frames but without the statement and bind parameters (which can hold a password hash
 * or a user's data); any other error by its stack, as it is.
 */
export function loggableError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!isQueryError(error)) return error.stack ?? error.message;
  const code = databaseErrorCode(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${databaseErrorMessage(error)}${code ? ` (SQLSTATE ${code})` : ''}`, ...frames].join('\n');
}

/**
 * A database error caused by the values a client sent (SQLSTATE class 22, data exception: a number
 * out of range, a NUL character, a string the column cannot take), as opposed to a fault of ours.
 */
export const isDataException = (error: unknown): boolean => databaseErrorCode(error)?.startsWith('22') ?? false;

/**
 * The error to pass on (to BullMQ, which stores its message, or to a caller that logs it): a
 * database error loses drizzle's statement and bind parameters and keeps the driver's error as its
 * cause (so isDatabaseUnavailable and the SQLSTATE still read through); any other is itself.
 */
export function withoutQueryText(error: unknown): unknown {
  if (!(error instanceof Error) || !isQueryError(error)) return error;
  let driver: unknown = error;
  while (driver && (driver as { message?: string }).message?.startsWith('Failed query:'))
    driver = (driver as { cause?: unknown }).cause;
  const redacted = new Error(databaseErrorMessage(error), { cause: driver });
  redacted.stack = loggableError(error);
  return redacted;
}
