import { digestBuffer, readBody, type PageBytes } from './page-body';
import { PageReaderPool } from './page-reader-pool';

const page = (html: string | Buffer, contentType: string, ignoreSelectors: string[] = []): PageBytes => ({
  bytes: new Uint8Array(typeof html === 'string' ? Buffer.from(html) : html),
  truncated: false,
  contentType,
  pageUrl: 'https://vendor.example/about',
  ignoreSelectors,
});

const HTML = `<!doctype html><html lang="en"><head><title>About  us</title>
  <meta name="description" content="Who we are"><script src="http://cdn.example/a.js"></script></head>
  <body><nav><a href="/">Home</a></nav><div class="promo">Sale ends 2026-12-01</div>
  <main><h1>About</h1><p>Updated November 23, 2026. Write to privacy@vendor.example.</p>
  <a href="/privacy-policy">Privacy</a> <a href="mailto:legal@vendor.example">Legal</a><img src="/team.png"></main>
  <footer><a href="/terms">Terms</a></footer></body></html>`;

describe('PageReaderPool', () => {
  let pool: PageReaderPool;
  beforeAll(() => {
    pool = new PageReaderPool(2);
  });
  afterAll(() => pool.close());

  it('reads a page on its threads exactly as this thread does: digest, facts, main text and its hash', async () => {
    const cases = [
      page(HTML, 'text/html; charset=utf-8'),
      page(HTML, 'text/html', ['.promo', 'main a']),
      page(Buffer.from('<title>Caf\xe9</title><p>Men\xfc</p>', 'latin1'), 'text/html; charset=windows-1252'),
      page('%PDF-1.7 not html', 'application/pdf'),
    ];
    for (const input of cases) {
      const expected = readBody({ ...input, bytes: input.bytes.slice() });
      await expect(pool.read(input)).resolves.toEqual(expected);
    }
    const read = await pool.read(page(HTML, 'text/html', ['.promo']));
    expect(read.document?.mainText).not.toContain('Sale ends');
    expect(read.document?.title).toBe('About us');
  });

  it('moves the body to the thread instead of copying it', async () => {
    const input = page(HTML, 'text/html');
    await pool.read(input);
    expect(input.bytes.byteLength).toBe(0);

    // A view into a larger buffer (a small Buffer is a slice of Node's pool) is copied: the rest of it stays usable.
    const shared = new Uint8Array(4096);
    const part = shared.subarray(0, 100).fill(65);
    await expect(pool.read({ ...page('', 'text/html'), bytes: part })).resolves.toMatchObject({ body: { length: 100 } });
    expect(shared.byteLength).toBe(4096);
  });

  it('reads many pages at once on every thread, each answer for its own page', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => page(`<title>Page ${i}</title><p>Body of page ${i}</p>`, 'text/html'));
    const titles = (await Promise.all(pages.map((input) => pool.read(input)))).map((read) => read.document?.title);
    expect(titles).toEqual(pages.map((_, i) => `Page ${i}`));
    expect(pool.threads).toBe(2);
  });

  it('serves the fetchers: a streamed HTML body is read by the crawl’s reader, anything else only hashed here', async () => {
    const reading = { reader: pool, ignoreSelectors: ['.promo'] };
    const viaPool = await digestBuffer(HTML, 'text/html', 'https://vendor.example/about', reading);
    expect(viaPool).toEqual(readBody(page(HTML, 'text/html', ['.promo'])));
    const reads = jest.spyOn(pool, 'read');
    const pdf = await digestBuffer(Buffer.from('%PDF-1.7'), 'application/pdf', 'https://vendor.example/a.pdf', reading);
    expect(pdf.document).toBeNull();
    expect(pdf.body.length).toBe(8);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });
});
