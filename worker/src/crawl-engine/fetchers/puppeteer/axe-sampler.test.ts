import { runInNewContext } from 'node:vm';
import { AXE_SOURCE, asciiSource } from './axe-sampler';

describe('the axe-core source sent to the page', () => {
  it('escapes non-ASCII characters so the source means the same in strings, regular expressions and identifiers', () => {
    const source = 'var ε = "© 2013–2025 …"; var pattern = /[–…]/; ({ ε, text: ε, match: pattern.test("a–b") })';
    const escaped = asciiSource(source);
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    expect(runInNewContext(escaped)).toEqual(runInNewContext(source));
  });

  it('is ASCII from end to end: one wider character makes the DevTools protocol carry all 650 KB as a two-byte string', () => {
    expect(AXE_SOURCE.length).toBeGreaterThan(500_000);
    expect(AXE_SOURCE).not.toMatch(/[\u0080-\uffff]/);
  });
});
