import { TemplateSampling } from './template-sampling';

describe('which pages the adaptive method opens in the browser', () => {
  it('the first two pages of each template, then one in ten', () => {
    const sampling = new TemplateSampling();
    const reasons = Array.from({ length: 30 }, () => sampling.next('doc'));
    expect(reasons.slice(0, 2)).toEqual(['new-template', 'new-template']);
    expect(reasons.flatMap((reason, i) => (reason === 'recheck' ? [i + 1] : []))).toEqual([10, 20, 30]);
    expect(reasons.filter((reason) => reason === null)).toHaveLength(25);
    // Another template (and documents too large for one) is sampled on its own.
    expect(sampling.next('home')).toBe('new-template');
    expect(sampling.next(null)).toBe('new-template');
  });

  it('every later page of a template whose readings differed', () => {
    const sampling = new TemplateSampling();
    expect(sampling.next('app')).toBe('new-template');
    sampling.differs('app');
    expect([sampling.next('app'), sampling.next('app'), sampling.next('app')]).toEqual([
      'template-differs',
      'template-differs',
      'template-differs',
    ]);
    expect(sampling.next('doc')).toBe('new-template');
  });
});
