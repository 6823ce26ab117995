import { createHash } from 'node:crypto';
import { TextDecoder } from 'node:util';
import { HtmlExtractor, type DocumentReading, type PageDocument } from './html-extractor';

/** Bodies beyond this are hashed and parsed up to the limit only: a crawler must not buffer a video. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface BodyDigest {
  sha256: string;
  length: number;
  truncated: boolean;
}

export const isHtml = (contentType: string | null) => /^(text\/html|application\/xhtml\+xml)\b/i.test(contentType?.trim() ?? '');

/** The charset a Content-Type names, when TextDecoder knows it; UTF-8 otherwise. */
function decoderFor(contentType: string | null): TextDecoder {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * Reads a response body once, as it streams: SHA-256 and length always, the HTML facts only for
 * HTML (other types — PDFs, images — are recorded but not parsed).
 */
export async function digestBody(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  contentType: string | null,
  pageUrl: string,
  reading: DocumentReading = {},
): Promise<{ body: BodyDigest; document: PageDocument | null }> {
  const hash = createHash('sha256');
  const extractor = isHtml(contentType) ? new HtmlExtractor(pageUrl, reading) : null;
  const decoder = decoderFor(contentType);
  let length = 0;
  let truncated = false;
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const room = MAX_BODY_BYTES - length;
    const part = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
    hash.update(part);
    length += part.byteLength;
    extractor?.write(decoder.decode(part, { stream: true }));
    if (chunk.byteLength > room) {
      truncated = true;
      break;
    }
  }
  extractor?.write(decoder.decode());
  return { body: { sha256: hash.digest('hex'), length, truncated }, document: extractor?.end() ?? null };
}

/** For bodies already in memory (Chromium's rendered DOM, an API's answer). */
export function digestBuffer(
  buffer: Buffer | string,
  contentType: string | null,
  pageUrl: string,
  reading: DocumentReading = {},
) {
  return digestBody([typeof buffer === 'string' ? Buffer.from(buffer) : buffer], contentType, pageUrl, reading);
}
