import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { duplicateTitles } from './duplicate-titles';

const titled = (...titles: string[]) =>
  crawlOf({ pages: titles.map((title, i) => pageOf({ url: `https://www.vendor.test/${i}`, title })) });

describe('duplicate-titles', () => {
  it('passes when titles are distinct', () => {
    expect(runCheck(duplicateTitles, titled('Home', 'Pricing', 'About')).outcome).toBe('pass');
  });

  it('warns on titles shared by several pages, ignoring case and spacing', () => {
    const result = runCheck(duplicateTitles, titled('Vendor', 'vendor ', 'Pricing', 'VENDOR', 'Docs', 'Docs'));
    expect(result.outcome).toBe('warn');
    expect(result.summary).toBe('2 titles shared by 5 of 6 pages, e.g. "Vendor" on 3');
    expect(result.evidence).toHaveLength(5);
    expect(result.evidence[0].detail).toBe('Title "Vendor" shared by 3 pages');
  });

  it('is not applicable with fewer than two titled pages', () => {
    expect(runCheck(duplicateTitles, titled('Home')).outcome).toBe('not_applicable');
  });
});
