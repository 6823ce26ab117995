import { translateGlob } from '@vendorwatch/contracts';
import { CrawlScopeRules, globMatcher } from './scope';

describe('exclude pattern matching', () => {
  const cases: [pattern: string, matching: string[], notMatching: string[]][] = [
    ['/private/**', ['/private', '/private/', '/private/a', '/private/a/b.html'], ['/privately', '/x/private/a']],
    ['/**/*.pdf', ['/a.pdf', '/x/y/a.pdf'], ['/a.pdfx', '/a.html']],
    ['**/*.pdf', ['a.pdf', 'x/a.pdf'], ['a.html']],
    ['/blog/*', ['/blog/a', '/blog/'], ['/blog/a/b', '/blog']],
    ['/p?ge', ['/page', '/pxge'], ['/p/ge', '/pge']],
    ['/[abc]x', ['/ax', '/cx'], ['/dx']],
    ['/[!abc]x', ['/dx'], ['/ax', '//x']],
    ['/{en,de}/**', ['/en/a', '/de'], ['/fr/a']],
    ['/a.b+c(1)', ['/a.b+c(1)'], ['/aXb+c(1)', '/a.bbc1']],
    ['/literal[', ['/literal['], ['/literal']],
    ['/\\*', ['/*'], ['/x']],
    [
      'https://vendor.example/tmp/*',
      ['https://vendor.example/tmp/x'],
      ['https://vendor.example/tmp/x/y', 'https://vendorXexample/tmp/x'],
    ],
  ];
  it.each(cases)('%s', (pattern, matching, notMatching) => {
    const match = globMatcher(pattern);
    for (const input of matching) expect([input, match(input)]).toEqual([input, true]);
    for (const input of notMatching) expect([input, match(input)]).toEqual([input, false]);
  });

  it('answers a pathological pattern on long adversarial input (RE2 has no backtracking to explode)', () => {
    // A backtracking glob matcher takes seconds for a 41-character path on this pattern, and
    // doubles with every character more; RE2's work grows with the input's length only.
    const pattern = '/*a*a*a*a*a*a*a*a*a*a*a*a*b';
    expect(translateGlob(pattern).wildcards).toBe(13);
    const scope = new CrawlScopeRules(['https://vendor.example/'], [], [pattern, `**${'*a'.repeat(30)}*b`]);
    for (const length of [41, 1000, 20_000]) {
      const path = '/' + 'a'.repeat(length);
      expect(scope.check(`https://vendor.example${path}`).inScope).toBe(true);
      expect(scope.check(`https://vendor.example${path}b`).inScope).toBe(false);
    }
  });

  it('a pattern without a slash matches the last segment of the path', () => {
    const scope = new CrawlScopeRules(['https://vendor.example/'], [], ['*.pdf']);
    expect(scope.check('https://vendor.example/files/report.pdf').inScope).toBe(false);
    expect(scope.check('https://vendor.example/report.pdf/view').inScope).toBe(true);
  });
});
