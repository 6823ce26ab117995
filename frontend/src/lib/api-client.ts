import { MESSAGES, TIMEOUTS_MS, WORKSPACE_HEADER } from '@vendorwatch/contracts';
import { ApiError, messageFromBody } from './api-error';
import { getAccessToken } from './supabase';
import { getRequestWorkspace, reportWorkspaceAccessLost } from './workspace/request-workspace';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  /** Send the session's bearer token (default). Only bootstrap calls made before sign-in turn it off. */
  auth?: boolean;
  /** Per-attempt time limit; the spec's 60 s unless an endpoint is known to take longer. */
  timeoutMs?: number;
  /** What to call it when the server could not be reached at all, instead of the browser's own words. */
  unreachableMessage?: string;
  /**
   * For a POST that is safe to send again: repeat it on 503 or no response, this many times and
   * this far apart. Reads are always repeated, with backoff.
   */
  retry?: { times: number; delayMs: number };
}

/**
 * The crawler service's calls (crawls, their status and cancelling): the spec gives them 30 s and
 * its own words for a server that cannot be reached.
 */
export const crawlerService = {
  timeoutMs: TIMEOUTS_MS.crawlerApi,
  unreachableMessage: MESSAGES.crawls.couldNotConnect,
} as const satisfies RequestOptions;

/**
 * How a successful answer's body is read: JSON (or text) for the API, a Blob for files such as
 * screenshots, a Blob with its name for downloads.
 */
type ResponseKind = 'json' | 'blob' | 'file' | 'json-with-status';

/** A JSON answer with its status, where the status says something the body does not (201 created, 200 existing). */
export interface AnsweredWithStatus<T> {
  status: number;
  body: T;
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of `Content-Disposition: attachment; filename="…"`. */
export const filenameFromDisposition = (header: string | null): string | null =>
  header ? (/filename="([^"]+)"/.exec(header)?.[1] ?? /filename=([^;\s]+)/.exec(header)?.[1] ?? null) : null;

/** Retry on 503 or no response, 3 times, backing off 1 s, 2 s, 4 s (capped at 10 s). */
export const MAX_RETRIES = 3;
export const retryDelayMs = (retry: number) => Math.min(1000 * 2 ** retry, 10_000);

/** Thrown internally when nothing came back, so the retry loop can tell it from an HTTP error. */
class NoResponseError extends ApiError {
  readonly reason: 'cancelled' | 'timeout' | 'unreachable';

  constructor(message: string, reason: NoResponseError['reason']) {
    super(0, message);
    this.reason = reason;
  }

  get cancelled() {
    return this.reason === 'cancelled';
  }
}

const buildUrl = (path: string, params?: QueryParams) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

const parseBody = async (response: Response, kind: ResponseKind): Promise<unknown> => {
  // Error answers are JSON whatever was asked for, so only a success is read as a Blob.
  if (kind === 'blob' && response.ok) return response.blob();
  if (kind === 'file' && response.ok) {
    const file: DownloadedFile = {
      blob: await response.blob(),
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
    };
    return file;
  }
  if (kind === 'json-with-status' && response.ok) {
    const answer: AnsweredWithStatus<unknown> = { status: response.status, body: await parseBody(response, 'json') };
    return answer;
  }
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

interface Attempt {
  url: string;
  init: RequestInit;
  kind: ResponseKind;
  timeoutMs: number;
  callerSignal?: AbortSignal;
}

const attempt = async ({ url, init, kind, timeoutMs, callerSignal }: Attempt) => {
  // One controller per attempt: it carries both our timeout and the caller's cancellation.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, body: await parseBody(response, kind) };
  } catch (error) {
    if (callerSignal?.aborted) throw new NoResponseError(MESSAGES.scraping.requestCancelled, 'cancelled');
    if (controller.signal.aborted) {
      throw new NoResponseError(`Request timed out after ${timeoutMs / 1000} s`, 'timeout');
    }
    const message = error instanceof Error && error.message ? error.message : MESSAGES.generic.unexpected;
    throw new NoResponseError(message, 'unreachable');
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
};

const noResponseMessage = (error: NoResponseError, options: RequestOptions) =>
  error.reason === 'unreachable' ? (options.unreachableMessage ?? error.message) : error.message;

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  kind: ResponseKind = 'json',
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: kind === 'json' || kind === 'json-with-status' ? 'application/json' : '*/*',
  };
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (options.auth !== false) {
    const token = await getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Every signed-in call acts in the chosen workspace (routes under /api/workspaces/:id name their own).
    const workspaceId = getRequestWorkspace();
    if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  }
  const url = buildUrl(path, options.params);
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) };
  // Reads are repeated with backoff; anything else only where its caller says a repeat is safe (a
  // retried POST could create a second vendor).
  const { times: retries, delayMs } =
    method === 'GET'
      ? { times: MAX_RETRIES, delayMs: retryDelayMs }
      : { times: options.retry?.times ?? 0, delayMs: () => options.retry?.delayMs ?? 0 };

  for (let retry = 0; ; retry += 1) {
    try {
      const { response, body: data } = await attempt({
        url,
        init,
        kind,
        timeoutMs: options.timeoutMs ?? TIMEOUTS_MS.backendApi,
        callerSignal: options.signal,
      });
      if (response.ok) return data as T;
      if (response.status !== 503 || retry >= retries) {
        const message = messageFromBody(data);
        if (response.status === 403 && message === MESSAGES.access.notMember) reportWorkspaceAccessLost();
        throw new ApiError(response.status, message, data);
      }
    } catch (error) {
      // "No response" includes a timeout; a caller's cancellation is final.
      const retryable = error instanceof NoResponseError && !error.cancelled && retry < retries;
      if (!retryable) throw error instanceof NoResponseError ? new ApiError(0, noResponseMessage(error, options)) : error;
    }
    await sleep(delayMs(retry), options.signal);
  }
}

/** The one client for the backend's `/api/*` routes. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  /** A file behind the bearer token (e.g. a screenshot), for `URL.createObjectURL`. */
  getBlob: (path: string, options?: RequestOptions) => request<Blob>('GET', path, undefined, options, 'blob'),
  /** A file the server sends for a GET (the audit log or portfolio as CSV, an SBOM), for download. */
  getFile: (path: string, options?: RequestOptions) => request<DownloadedFile>('GET', path, undefined, options, 'file'),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  /** A POST whose status matters to the caller (a crawl start: 201 started, 200 one was running already). */
  postWithStatus: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<AnsweredWithStatus<T>>('POST', path, body ?? {}, options, 'json-with-status'),
  /** A multipart form (a file upload, field by field) POSTed as the browser encodes it. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => request<T>('POST', path, form, options),
  /** A file the server builds from a POSTed request (an export), for download. */
  postFile: (path: string, body?: unknown, options?: RequestOptions) =>
    request<DownloadedFile>('POST', path, body ?? {}, options, 'file'),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
