import { OBSERVATORY_HTML_FILES, type ObservatoryHtmlFile } from '../../../../test-support/observatory-html';
import { HtmlExtractor } from './html-extractor';

const read = (html: string) => {
  const extractor = new HtmlExtractor('https://mozilla.org/');
  // In small chunks, as pages stream in.
  for (let i = 0; i < html.length; i += 13) extractor.write(html.slice(i, i + 13));
  return extractor.end().facts.metaPolicies ?? null;
};

describe('policies delivered in <meta> elements', () => {
  for (const file of Object.keys(OBSERVATORY_HTML_FILES) as ObservatoryHtmlFile[])
    it(`reads ${file} as MDN HTTP Observatory does`, () => {
      const { html, metaPolicies } = OBSERVATORY_HTML_FILES[file];
      expect(read(html)).toEqual(metaPolicies);
    });

  it('keeps the last <meta name="referrer"> and every CSP, and records nothing for a page without them', () => {
    const html = `<head><meta name="referrer" content="unsafe-url"><meta http-equiv="content-security-policy" content="img-src 'self'">
      <meta name="REFERRER" content="same-origin"><meta name="description" content="x"></head>`;
    expect(read(html)).toEqual({ contentSecurityPolicy: ["img-src 'self'"], referrerPolicy: 'same-origin' });
    expect(read('<html><head><meta charset="utf-8"><title>t</title></head></html>')).toBeNull();
  });
});
