import { requiredLiteral } from './required-literal';

describe('requiredLiteral', () => {
  it.each([
    ['/\\*!? jQuery v([0-9][0-9.a-z_\\-]{0,39})', ' jquery v'],
    ['nginx(?:/([\\d.]+))?', 'nginx'],
    ['^jquery-([0-9][0-9.a-z_\\-]+)(\\.min)?\\.js$', 'jquery-'],
    ['/([0-9][0-9.a-z_\\-]+)/jquery(\\.min)?\\.js', '/jquery'],
    ['googletagmanager\\.com/gtag/js', 'googletagmanager.com/gtag/js'],
    // A character that may be absent ends the run; one that may repeat ends it after itself.
    ['abcx?defg', 'defg'],
    ['ab+ plugin', ' plugin'],
    ['wordpress+ plugin', 'wordpress'],
    ['ab{0,3}cdef', 'cdef'],
    // Classes, escapes that stand for many characters and groups are never required text.
    ['[abc]longer\\dtext', 'longer'],
    ['(?:alpha|beta)gamma', 'gamma'],
  ])('%s → %j', (source, literal) => {
    expect(requiredLiteral(source)).toBe(literal);
  });

  it('requires nothing of a pattern with a top-level alternative, or with no plain character', () => {
    expect(requiredLiteral('jquery|zepto')).toBe('');
    expect(requiredLiteral('(?:)')).toBe('');
    expect(requiredLiteral('[\\d.]+')).toBe('');
  });

  it('keeps only ASCII, lower-cased, so a case-insensitive pattern is tested on the value lower-cased', () => {
    expect(requiredLiteral('By Ünicode CMS')).toBe('nicode cms');
  });
});
