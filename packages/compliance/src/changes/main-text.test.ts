import {
  comparableText,
  mainTextWithHash,
  maskVolatile,
  MAX_MAIN_TEXT,
  removeIgnoredText,
  textHash,
  tidyMainText,
  VOLATILE,
} from './main-text';

describe('comparableText', () => {
  it('masks dates, times, relative times and counters, so a reload compares equal', () => {
    const first =
      'Updated 2026-11-23T21:57:23.123Z\nRendered at 9:05:12 pm on 23/11/2026\nPosted 5 minutes ago by 12,345 readers';
    const second = 'Updated 2026-11-24T08:01:00Z\nRendered at 10:15:00 am on 24/11/2026\nPosted 7 minutes ago by 12,401 readers';
    expect(comparableText(first)).toBe(comparableText(second));
  });

  it('masks month-name dates and years', () => {
    expect(maskVolatile('Effective November 23, 2026 and 1 March 2027 © 2026')).toBe('Effective # and # © #');
  });

  it('keeps small numbers and words, so a policy change is seen', () => {
    expect(comparableText('We keep data for 30 days')).not.toBe(comparableText('We keep data for 90 days'));
    expect(comparableText('We never sell your data')).not.toBe(comparableText('We may sell your data'));
  });

  it('collapses whitespace and drops blank lines', () => {
    expect(comparableText('  a   b \n\n c\t\td  ')).toBe('a b\nc d');
  });
});

describe('maskVolatile', () => {
  /** Every pattern in turn over the whole text: the definition the masking must equal. */
  const maskEverywhere = (text: string) => VOLATILE.reduce((masked, pattern) => masked.replace(pattern, '#'), text);

  /** Dates, times and counters in every form, glued by separators, between runs of words of any length. */
  function textWithDigitsHereAndThere(random: () => number): string {
    const near = [
      '2026-11-23T21:57:23.123+01:00',
      '23/11/2026',
      'September. 2026',
      '1st Nov 23rd, 2026',
      '9:05:12 p.m.',
      '5 minutes ago',
      '12,345.678',
      '1234567',
      '7',
      '42',
      'Nov',
      ' ',
      '\n',
      ',',
      '.',
      '-',
      '/',
      ':',
      'T',
      'Z',
      'pm',
      'ago',
    ];
    const filler = () => 'word '.repeat(Math.floor(random() * 60)) + 'x'.repeat(Math.floor(random() * 3));
    let text = '';
    const parts = 1 + Math.floor(random() * 12);
    for (let i = 0; i < parts; i++) {
      text += filler();
      const pieces = Math.floor(random() * 6);
      for (let j = 0; j < pieces; j++) text += near[Math.floor(random() * near.length)];
    }
    return text;
  }

  it('masks text exactly as running every pattern over the whole text does', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 5_000; i++) {
      const text = textWithDigitsHereAndThere(random);
      expect(maskVolatile(text)).toBe(maskEverywhere(text));
    }
  });

  it('masks dates at the very start and end of the text and leaves text without digits as it is', () => {
    const text = `2026-11-23 ${'policy '.repeat(100)}Updated Nov 23, 2026`;
    expect(maskVolatile(text)).toBe(`# ${'policy '.repeat(100)}Updated #`);
    expect(maskVolatile('We never sell your data')).toBe('We never sell your data');
  });
});

describe('removeIgnoredText', () => {
  it('removes literal text wherever it occurs', () => {
    expect(removeIgnoredText('Hello visitor #42, hello again', ['visitor #42'])).toBe('Hello , hello again');
  });

  it('treats * as any run of characters within one line', () => {
    const text = 'Intro\nSession id: abc-123 (do not share)\nOutro';
    expect(removeIgnoredText(text, ['Session id: * (do not share)'])).toBe('Intro\n\nOutro');
    expect(removeIgnoredText('Build 77 of the app', ['Build *'])).toBe('');
    expect(removeIgnoredText('Copyright Example Inc', ['* Inc'])).toBe('');
  });

  it('ignores a pattern of stars only, and a pattern that does not match', () => {
    expect(removeIgnoredText('keep me', ['*', '**', 'absent*text'])).toBe('keep me');
  });

  it('stays linear on a hostile pattern and text', () => {
    const text = 'a'.repeat(50_000);
    const pattern = `${'a*'.repeat(50)}b`;
    expect(removeIgnoredText(text, [pattern])).toBe(text);
  });
});

describe('tidyMainText', () => {
  it('keeps one block a line', () => {
    expect(tidyMainText('\n Title \n\n  Para   one \n')).toBe('Title\nPara one');
  });
});

describe('mainTextWithHash', () => {
  /** Text made of what the masks and the collapse act on: dates, times, counters, every kind of space. */
  function randomText(random: () => number, length: number): string {
    const pieces = [
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\t',
      '\u00a0',
      '\r',
      '\u2028',
      'word',
      'Nov',
      ' 23',
      ', 2026',
      '9:05 pm',
      '12,345',
      '5 minutes ago',
      '2026-11-23T21:57Z',
      '23/11/2026',
      '1st',
      '\u0000',
      '\ud83d',
      '\ude00',
    ];
    let text = '';
    while (text.length < length) text += pieces[Math.floor(random() * pieces.length)];
    return text;
  }

  it('stores the tidy text and hashes it as change detection compares it, cut at the cap included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const inputs = Array.from({ length: 3_000 }, () => randomText(random, Math.floor(random() * 60)));
    inputs.push(`${'a '.repeat(MAX_MAIN_TEXT / 2 - 1)}a   b`, ` ${'x'.repeat(MAX_MAIN_TEXT - 2)} \n  tail`);
    for (const raw of inputs) {
      const { mainText, mainTextHash } = mainTextWithHash(raw);
      expect(mainText).toBe(tidyMainText(raw));
      expect(mainText.length).toBeLessThanOrEqual(MAX_MAIN_TEXT);
      expect(mainTextHash).toBe(textHash(comparableText(mainText)));
      expect(mainText).not.toContain('\u0000');
      expect(mainText.isWellFormed()).toBe(true);
    }
  });

  it('stores text PostgreSQL takes: no NUL (and no double space where one was), no lone surrogate, even where the cap cuts a pair', () => {
    expect(mainTextWithHash('a \u0000 b\ud800 c').mainText).toBe('a b\ufffd c');
    const cutPair = mainTextWithHash(`${'x'.repeat(MAX_MAIN_TEXT - 1)}\ud83d\ude00`).mainText;
    expect(cutPair.length).toBe(MAX_MAIN_TEXT);
    expect(cutPair.endsWith('\ufffd')).toBe(true);
  });
});
