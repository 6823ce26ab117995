import { elementMatcher } from './element-matcher';
import { HtmlExtractor } from './html-extractor';

const read = (html: string, ignoreSelectors: string[] = []) => {
  const extractor = new HtmlExtractor('https://vendor.example/page', { ignore: elementMatcher(ignoreSelectors) });
  extractor.write(html);
  return extractor.end();
};

describe('main text', () => {
  it('keeps the content, one block a line, and leaves out chrome, scripts and the cookie banner', () => {
    const doc = read(`<html><head><title>T</title><style>p{}</style></head><body>
<header><a href="/">Logo</a></header><nav>Menu</nav>
<main><article><header><h1>Terms</h1></header><p>First <b>para</b>graph.</p><ul><li>one</li><li>two</li></ul></article>
<aside>Related</aside><script>var x = 1;</script><div hidden>secret</div></main>
<div id="cookie-consent-banner">We use cookies <button>Accept</button></div>
<footer>© Example</footer></body></html>`);
    expect(doc.mainText).toBe('Terms\nFirst paragraph.\none\ntwo');
  });

  it('leaves out the elements the vendor ignores', () => {
    const html =
      '<main><p>Keep</p><div class="ad big">Ad</div><section data-volatile="x">Drop</section><p id="stock">3 left</p></main>';
    expect(read(html, ['div.ad', '[data-volatile]', '#stock']).mainText).toBe('Keep');
  });

  it('hashes the text with volatile parts masked', () => {
    const a = read('<main><p>Updated 2026-01-01T10:00:00Z</p></main>');
    const b = read('<main><p>Updated 2026-03-04T11:12:13Z</p></main>');
    expect(a.mainText).not.toBe(b.mainText);
    expect(a.mainTextHash).toBe(b.mainTextHash);
  });
});

describe('elementMatcher', () => {
  it('matches compound selectors and skips ones the schema refuses', () => {
    const match = elementMatcher(['div.a.b', 'span[role="note"]', 'nav ul'])!;
    expect(match('div', { class: 'b a c' })).toBe(true);
    expect(match('div', { class: 'a' })).toBe(false);
    expect(match('span', { role: 'note' })).toBe(true);
    expect(match('ul', {})).toBe(false);
    expect(elementMatcher(['nav ul'])).toBeNull();
  });
});
