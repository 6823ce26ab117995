import { createHash } from 'node:crypto';
import { bodyText } from './body-text';
import { elementMatcher } from './element-matcher';
import { HtmlExtractor, type PageDocument } from './html-extractor';

/** Bodies beyond this are hashed and parsed up to the limit only: a crawler must not buffer a video. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface BodyDigest {
  sha256: string;
  length: number;
  truncated: boolean;
}

export const isHtml = (contentType: string | null) => /^(text\/html|application\/xhtml\+xml)\b/i.test(contentType?.trim() ?? '');

/** One response body, whole, with what reading it needs: plain data, so it can be sent to a thread. */
export interface PageBytes {
  bytes: Uint8Array;
  /** The body went on past MAX_BODY_BYTES; `bytes` are its start. */
  truncated: boolean;
  contentType: string | null;
  pageUrl: string;
  /** The vendor's ignored elements (compound selectors), left out of the main text. */
  ignoreSelectors: readonly string[];
  /** Read the page's template too (PageDocument.template). */
  template?: boolean;
}

export interface ReadBody {
  body: BodyDigest;
  document: PageDocument | null;
}

/** Where page bodies are read: on a pool of threads (PageReaderPool) or on the calling one (inlineReader). */
export interface PageReader {
  read(page: PageBytes): Promise<ReadBody>;
}

/** How a crawl's pages are read: the vendor's ignored elements, and the reader (this thread when absent). */
export interface PageReading {
  ignoreSelectors?: readonly string[];
  reader?: PageReader;
  /** Read each page's template too (the adaptive method groups pages by it). */
  template?: boolean;
}

/**
 * Reads a body: SHA-256 and length always, the HTML facts only for HTML (other types — PDFs,
 * images — are recorded but not parsed). CPU work only, no I/O: what a reader thread runs.
 */
export function readBody({ bytes, truncated, contentType, pageUrl, ignoreSelectors, template }: PageBytes): ReadBody {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let document: PageDocument | null = null;
  if (isHtml(contentType)) {
    const extractor = new HtmlExtractor(pageUrl, { ignore: elementMatcher(ignoreSelectors), template });
    for (const text of bodyText(bytes, contentType)) extractor.write(text);
    document = extractor.end();
  }
  return { body: { sha256, length: bytes.byteLength, truncated }, document };
}

export const inlineReader: PageReader = { read: async (page) => readBody(page) };

/**
 * Reads a response body as it streams, up to MAX_BODY_BYTES (a longer one is cut and marked
 * truncated, and no more of it is read). HTML is gathered and handed to the crawl's reader to hash
 * and parse; anything else is only hashed, as it arrives, and never held.
 */
export async function digestBody(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  contentType: string | null,
  pageUrl: string,
  reading: PageReading = {},
): Promise<ReadBody> {
  const html = isHtml(contentType);
  const hash = html ? null : createHash('sha256');
  const parts: Uint8Array[] = [];
  let length = 0;
  let truncated = false;
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const room = MAX_BODY_BYTES - length;
    const part = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    if (hash) hash.update(part);
    else parts.push(part);
    length += part.byteLength;
    if (chunk.byteLength > room) {
      truncated = true;
      break;
    }
  }
  if (hash) return { body: { sha256: hash.digest('hex'), length, truncated }, document: null };
  const reader = reading.reader ?? inlineReader;
  return reader.read({
    bytes: Buffer.concat(parts, length),
    truncated,
    contentType,
    pageUrl,
    ignoreSelectors: reading.ignoreSelectors ?? [],
    ...(reading.template && { template: true }),
  });
}

/** For bodies already in memory (Chromium's rendered DOM, an API's answer). */
export function digestBuffer(buffer: Buffer | string, contentType: string | null, pageUrl: string, reading: PageReading = {}) {
  return digestBody([typeof buffer === 'string' ? Buffer.from(buffer) : buffer], contentType, pageUrl, reading);
}
