import { isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';

/**
 * A UTF-8 body is decoded in blocks of this many bytes: a block of ASCII alone (most of an HTML
 * page) is copied as Latin-1, a one-byte string; only blocks holding other characters go through
 * the UTF-8 decoder. Decoded whole, a page became a two-byte string when one character needed it
 * (an em dash in its title), which took 15 times as long to decode and made every pass after it —
 * the parse, the main text's tidying and hash, the database write — read twice the bytes. Small
 * blocks keep such a character's two-byte string small: the page's text around it stays one-byte.
 */
const BLOCK_BYTES = 512;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The decoder of a charset other than UTF-8 that a Content-Type names, when TextDecoder knows it;
 * null for UTF-8, for none named and for one it does not know (read as UTF-8). The usual label is
 * recognised without building a decoder, on every page; another alias of UTF-8 is told by the
 * decoder's own name.
 */
function otherCharsetDecoder(contentType: string | null): TextDecoder | null {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return null;
  try {
    const decoder = new TextDecoder(charset);
    return decoder.encoding === 'utf-8' ? null : decoder;
  } catch {
    return null;
  }
}

/**
 * One UTF-8 decoder for every body a thread reads: each read ends with it flushed, so none leaves it
 * state. It never takes a byte-order mark for the body's own: only a body's first three bytes can be
 * one (and a whole decode drops them), which bodyText does itself.
 */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A body's text as pieces, in order, to feed a streaming parser: exactly the characters of decoding
 * it whole, malformed bytes included (a sequence a block cut in two is finished by the streaming
 * decoder; one an ASCII byte interrupts is flushed as U+FFFD first, as a whole decode does).
 * Other charsets are decoded whole: multi-byte ones use ASCII bytes inside their sequences.
 */
export function bodyText(bytes: Uint8Array, contentType: string | null): string[] {
  const other = otherCharsetDecoder(contentType);
  if (other) return [other.decode(bytes)];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pieces: string[] = [];
  let pending = false;
  const flush = () => {
    const rest = utf8.decode();
    if (rest) pieces.push(rest);
    pending = false;
  };
  const bom = UTF8_BOM.every((byte, i) => buffer[i] === byte);
  for (let start = bom ? UTF8_BOM.length : 0; start < buffer.length; start += BLOCK_BYTES) {
    const block = buffer.subarray(start, start + BLOCK_BYTES);
    if (isAscii(block)) {
      if (pending) flush();
      pieces.push(block.toString('latin1'));
    } else {
      const text = utf8.decode(block, { stream: true });
      if (text) pieces.push(text);
      pending = true;
    }
  }
  if (pending) flush();
  return pieces;
}
