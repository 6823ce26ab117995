import { policyLinksOf, policyPageKind } from './policy-pages';
import { wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('shows the changed words of a changed sentence', () => {
    const before = 'Privacy Policy\nWe never sell your personal data.\nContact us.';
    const after = 'Privacy Policy\nWe may sell your personal data to partners.\nContact us.';
    const segments = wordDiff(before, after)!;
    expect(segments.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['never']);
    expect(segments.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['may', 'to partners']);
    expect(segments.map((s) => s.text).join('')).toContain('Contact us.');
  });

  it('shows a line whose only change is a timestamp as unchanged', () => {
    const segments = wordDiff('Terms\nUpdated 2026-01-01T00:00:00Z', 'Terms\nUpdated 2026-02-02T10:00:00Z')!;
    expect(segments).toEqual([{ kind: 'equal', text: 'Terms\nUpdated 2026-02-02T10:00:00Z' }]);
  });

  it('shows added and removed lines whole', () => {
    const segments = wordDiff('a\nb', 'a\nc\nb')!;
    expect(segments).toEqual([
      { kind: 'equal', text: 'a\n' },
      { kind: 'added', text: 'c\n' },
      { kind: 'equal', text: 'b' },
    ]);
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
