import {
  comparableText,
  mainTextWithHash,
  maskVolatile,
  MAX_MAIN_TEXT,
  removeIgnoredText,
  textHash,
  tidyMainText,
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
    }
  });
});
