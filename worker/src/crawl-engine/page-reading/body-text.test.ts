import { TextDecoder } from 'node:util';
import { bodyText } from './body-text';
import { HtmlExtractor } from './html-extractor';
import { readBody } from './page-body';

const wholeDecode = (bytes: Uint8Array, label = 'utf-8') => new TextDecoder(label).decode(bytes);
const text = (bytes: Uint8Array, contentType: string | null = 'text/html; charset=utf-8') =>
  bodyText(bytes, contentType).join('');

/** A seeded generator, so a failing case is the same case on the next run. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Bytes of mostly ASCII, with UTF-8 characters of every length and malformed bytes (stray
 * continuation bytes, lead bytes cut short, overlong forms) at random, and long runs of ASCII alone
 * between them: many fall across the decoder's block edges, next to blocks of ASCII.
 */
function mixedBytes(random: () => number, length: number): Buffer {
  const pieces = ['é', '—', '’', '€', '😀', '中文'].map((s) => Buffer.from(s));
  const malformed = [[0x80], [0xbf, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc0, 0xaf], [0xff], [0xed, 0xa0, 0x80]];
  const out: number[] = [];
  while (out.length < length) {
    const roll = random();
    if (roll < 0.002) out.push(...Buffer.alloc(300 + Math.floor(random() * 1000), 'a'));
    else if (roll < 0.9) out.push(0x20 + Math.floor(random() * 0x5f));
    else if (roll < 0.97) out.push(...pieces[Math.floor(random() * pieces.length)]!);
    else out.push(...malformed[Math.floor(random() * malformed.length)]!);
  }
  return Buffer.from(out);
}

describe('bodyText', () => {
  it('gives exactly the characters of a whole decode, malformed bytes included, wherever they fall', () => {
    const random = prng(43);
    for (let round = 0; round < 300; round++) {
      const bytes = mixedBytes(random, Math.floor(random() * 5000));
      expect(text(bytes)).toBe(wholeDecode(bytes));
    }
  });

  it('finishes a character the block edge cut in two, and flushes one an ASCII block interrupts', () => {
    for (const character of ['é', '—', '😀']) {
      for (let at = 505; at <= 512; at++) {
        const whole = Buffer.concat([Buffer.alloc(at, 'a'), Buffer.from(character), Buffer.alloc(600, 'b')]);
        expect(text(whole)).toBe(wholeDecode(whole));
      }
    }
    // A lead byte with no continuation, the block after it all ASCII.
    const cut = Buffer.concat([Buffer.alloc(511, 'a'), Buffer.from([0xe2]), Buffer.alloc(600, 'b')]);
    expect(text(cut)).toBe(`${'a'.repeat(511)}\uFFFD${'b'.repeat(600)}`);
    // The same at the very end of the body; and the next body starts clean (the decoder is shared).
    expect(text(Buffer.from([0x61, 0xf0, 0x9f]))).toBe('a\uFFFD');
    expect(text(Buffer.from([0x98, 0x80, 0x62]))).toBe(wholeDecode(Buffer.from([0x98, 0x80, 0x62])));
  });

  it('drops a byte-order mark at the start only, as a whole decode does', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const start = Buffer.concat([bom, Buffer.from('<p>hi</p>')]);
    expect(text(start)).toBe('<p>hi</p>');
    const inside = Buffer.concat([Buffer.alloc(512, 'a'), bom, Buffer.alloc(512, 'b')]);
    expect(text(inside)).toBe(wholeDecode(inside));
    expect(text(inside)).toContain('\uFEFF');
  });

  it('decodes other charsets whole, as the Content-Type names them', () => {
    const latin = Buffer.from('<title>Caf\xe9</title>', 'latin1');
    expect(text(latin, 'text/html; charset=windows-1252')).toBe('<title>Café</title>');
    // Shift_JIS uses ASCII bytes inside its two-byte characters: a block of them must not be read as ASCII.
    const sjis = Buffer.from([0x83, 0x5c, 0x83, 0x74, 0x83, 0x67]); // ソフト
    expect(text(sjis, 'text/html; charset=shift_jis')).toBe(wholeDecode(sjis, 'shift_jis'));
    expect(text(sjis, 'text/html; charset=shift_jis')).toBe('ソフト');
    expect(text(Buffer.from('plain'), null)).toBe('plain');
    // UTF-8 under any of its names is read in blocks, the same characters; an unknown charset is read as UTF-8.
    const utf8Body = mixedBytes(prng(7), 3000);
    for (const label of ['UTF-8', '"utf8"', 'unicode-1-1-utf-8', 'x-no-such-charset'])
      expect(text(utf8Body, `text/html; charset=${label}`)).toBe(wholeDecode(utf8Body));
    expect(bodyText(new Uint8Array(0), 'text/html')).toEqual([]);
  });

  it('reads a page the same as its whole decode would: title, links and main text', () => {
    const filler = 'x'.repeat(505);
    const html = `<html><head><title>Prices — 2026</title></head><body><main><p>${filler}</p><p>Café menu 😀 and <a href="/privacy">privacy</a></p></main></body></html>`;
    const read = readBody({
      bytes: new Uint8Array(Buffer.from(html)),
      truncated: false,
      contentType: 'text/html',
      pageUrl: 'https://vendor.example/',
      ignoreSelectors: [],
    });
    expect(read.document?.title).toBe('Prices — 2026');
    expect(read.document?.mainText).toBe(`${filler}\nCafé menu 😀 and privacy`);
    expect(read.document?.links).toEqual(['https://vendor.example/privacy']);
  });

  it('reads a page the same wherever the block edges fall: inside a tag, an attribute, an entity or a character', () => {
    const snippet =
      '<a href="/privacy?a=1&amp;b=2" title="Caf&eacute;">Privacy &amp; cookies — policy</a><p>Write to legal@vendor.example</p>';
    for (let pad = 400; pad < 512; pad++) {
      const html = `<html><head><title>T</title></head><body><main><p>${'y'.repeat(pad)}</p>${snippet}</main></body></html>`;
      const url = 'https://vendor.example/';
      const read = readBody({
        bytes: new Uint8Array(Buffer.from(html)),
        truncated: false,
        contentType: 'text/html',
        pageUrl: url,
        ignoreSelectors: [],
      });
      const whole = new HtmlExtractor(url);
      whole.write(html);
      expect(read.document).toEqual(whole.end());
    }
  });
});
