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
 * A body's text as pieces, in order, to feed a streaming parser: exactly the characters of decoding
 * it whole, malformed bytes included (a sequence a block cut in two is finished by the streaming
 * decoder; one an ASCII byte interrupts is flushed as U+FFFD first, as a whole decode does).
 * Other charsets are decoded whole: multi-byte ones use ASCII bytes inside their sequences.
 */
export function bodyText(bytes: Uint8Array, contentType: string | null): string[] {
  const whole = decoderFor(contentType);
  if (whole.encoding !== 'utf-8') return [whole.decode(bytes)];
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The decoder is restarted after each flush: it must not take a byte-order mark there for the
  // body's own, which only its first three bytes can be (and which a whole decode drops).
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const pieces: string[] = [];
  let pending = false;
  const flush = () => {
    const rest = decoder.decode();
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
      const text = decoder.decode(block, { stream: true });
      if (text) pieces.push(text);
      pending = true;
    }
  }
  if (pending) flush();
  return pieces;
}
