import { comparableText, maskVolatile, removeIgnoredText, tidyMainText } from './main-text';

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
