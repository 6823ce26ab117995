import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { htmlLang } from './html-lang';

const withLang = (lang: string | null) => runCheck(htmlLang, crawlOf({ pages: [pageOf({ document: { lang } })] }));

describe('html-lang', () => {
  it('passes a language tag', () => {
    expect(withLang('de-CH').outcome).toBe('pass');
    expect(withLang('zh-Hant-TW').evidence[0].detail).toBe('<html lang="zh-Hant-TW">');
  });

  it('fails a missing or malformed lang', () => {
    expect(withLang(null).evidence[0].detail).toBe('<html> has no lang attribute');
    expect(withLang('english please').outcome).toBe('fail');
  });

  it('is not applicable when no HTML was parsed', () => {
    expect(runCheck(htmlLang, crawlOf({ pages: [pageOf({ document: null })] })).outcome).toBe('not_applicable');
  });
});
