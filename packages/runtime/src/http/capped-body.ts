/**
 * Reading a response body with a ceiling: what another server sends (a user-entered endpoint, a
 * crawled site) is read up to a number of bytes and no further, so that no answer can fill the
 * process's memory. The one implementation every reader of a remote body uses.
 */

/** A body that went past its ceiling; the rest was not read (the connection is released). */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  readonly code = 'ERR_RESPONSE_TOO_LARGE';

  constructor(readonly maxBytes: number) {
    super(`The response is larger than ${describeBytes(maxBytes)}; it was not read`);
  }
}

export const describeBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : bytes >= 1024 && bytes % 1024 === 0
      ? `${bytes / 1024} KB`
      : `${bytes} bytes`;

export interface CappedBody {
  buffer: Buffer;
  /** True when the body went on past `maxBytes` and `truncate` was asked for: `buffer` holds the first `maxBytes`. */
  truncated: boolean;
}

type Chunks = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array> | null | undefined;

/**
 * Reads at most `maxBytes`. Past them, the stream is cancelled (breaking out of the iteration
 * cancels a web stream and destroys a Node one) and either the part read is returned marked
 * truncated, or ResponseTooLargeError is thrown.
 */
export async function readCapped(body: Chunks, maxBytes: number, { truncate = false } = {}): Promise<CappedBody> {
  const chunks: Buffer[] = [];
  let length = 0;
  if (!body) return { buffer: Buffer.alloc(0), truncated: false };
  for await (const raw of body as AsyncIterable<Uint8Array | string>) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const room = maxBytes - length;
    if (chunk.byteLength > room) {
      if (!truncate) throw new ResponseTooLargeError(maxBytes);
      chunks.push(chunk.subarray(0, room));
      return { buffer: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  return { buffer: Buffer.concat(chunks), truncated: false };
}

interface ResponseLike {
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** A fetch Response's body, refused at once when its Content-Length already says it is too large. */
export async function readCappedResponse(response: ResponseLike, maxBytes: number, options: { truncate?: boolean } = {}) {
  const declared = Number(response.headers.get('content-length'));
  if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  return readCapped(response.body, maxBytes, options);
}

export async function readCappedText(response: ResponseLike, maxBytes: number, options: { truncate?: boolean } = {}) {
  return (await readCappedResponse(response, maxBytes, options)).buffer.toString('utf8');
}

/** JSON of at most `maxBytes`; SyntaxError for what does not parse. */
export async function readCappedJson<T = unknown>(response: ResponseLike, maxBytes: number): Promise<T> {
  return JSON.parse(await readCappedText(response, maxBytes)) as T;
}
