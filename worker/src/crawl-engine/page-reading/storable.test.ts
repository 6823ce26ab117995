import { storable, storableText } from './storable';

describe('storableText', () => {
  it('drops NUL and turns lone surrogates into U+FFFD, keeping whole pairs', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD800y\uDC00z 😀')).toBe('x\uFFFDy\uFFFDz 😀');
  });

  it('repairs a surrogate pair its cut splits', () => {
    expect(storableText('ab😀', 3)).toBe('ab\uFFFD');
  });
});

describe('storable', () => {
  it('cleans every string in a value, keys included', () => {
    expect(storable({ 'k\u0000': ['\uDBFF', { n: 1, s: 'ok' }] })).toEqual({ k: ['\uFFFD', { n: 1, s: 'ok' }] });
  });
});
