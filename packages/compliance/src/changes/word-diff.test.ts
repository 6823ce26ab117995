import { policyLinksOf, policyPageKind } from './policy-pages';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('shows the changed words of a changed sentence', () => {
    const before = 'Privacy Policy\nWe never sell your personal data.\nContact us.';
    const after = 'Privacy Policy\nWe may sell your personal data to partners.\nContact us.';
    const { segments } = wordDiff(before, after);
    expect(segments!.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['never']);
    expect(segments!.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['may', 'to partners']);
    expect(segments!.map((s) => s.text).join('')).toContain('Contact us.');
  });

  it('shows a line whose only change is a timestamp as unchanged', () => {
    const { segments } = wordDiff('Terms\nUpdated 2026-01-01T00:00:00Z', 'Terms\nUpdated 2026-02-02T10:00:00Z');
    expect(segments).toEqual([{ kind: 'equal', text: 'Terms\nUpdated 2026-02-02T10:00:00Z' }]);
  });

  it('shows added and removed lines whole', () => {
    const { segments } = wordDiff('a\nb', 'a\nc\nb');
    expect(segments).toEqual([
      { kind: 'equal', text: 'a\n' },
      { kind: 'added', text: 'c\n' },
      { kind: 'equal', text: 'b' },
    ]);
  });
});

describe('wordDiff bounds', () => {
  const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
  const limits = { maxEditLines: 100, maxEditWords: 50, timeoutMs: 60_000 };

  it('gives up on more changed lines than the bound and says how many were added and removed', () => {
    const before = lines(300, (i) => `Item ${i}`);
    const after = lines(300, (i) => (i < 200 ? `Entry ${i}` : `Item ${i}`));
    expect(wordDiff(before, after, [], limits)).toEqual({
      segments: null,
      tooManyChanges: { linesAdded: 200, linesRemoved: 200 },
    });
  });

  it('shows a changed block whose words are too many to match as whole lines', () => {
    const before = `Intro\n${'alpha '.repeat(60).trim()}`;
    const after = `Intro\n${'beta '.repeat(60).trim()}`;
    expect(wordDiff(before, after, [], limits).segments).toEqual([
      { kind: 'equal', text: 'Intro\n' },
      { kind: 'removed', text: `${'alpha '.repeat(60).trim()}\n` },
      { kind: 'added', text: 'beta '.repeat(60).trim() },
    ]);
  });

  it('gives up when its time is up', () => {
    const before = lines(3000, (i) => `Item ${i}`);
    const after = lines(3000, (i) => `Entry ${i}`);
    const result = wordDiff(before, after, [], { maxEditLines: 1_000_000, maxEditWords: 1_000_000, timeoutMs: 1 });
    expect(result.tooManyChanges).toEqual({ linesAdded: 3000, linesRemoved: 3000 });
  });
});

describe('policyPageKind', () => {
  it('reads the kind from how pages link it, else from its address or title', () => {
    const linked = policyLinksOf([{ policyLinks: { privacy: ['https://v.test/legal/p1'], terms: [], cookies: [] } }, null]);
    expect(policyPageKind({ url: 'https://v.test/legal/p1' }, linked)).toBe('privacy');
    expect(policyPageKind({ url: 'https://v.test/terms-of-service' })).toBe('terms');
    expect(policyPageKind({ url: 'https://v.test/legal/sub-processors' })).toBe('dpa');
    expect(policyPageKind({ url: 'https://v.test/x', title: 'Cookie Policy' })).toBe('cookies');
    expect(policyPageKind({ url: 'https://v.test/about', title: 'About us' })).toBeNull();
  });
});
