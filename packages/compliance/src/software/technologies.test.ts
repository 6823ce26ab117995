import { indexOf } from '../crawl-index';
import { crawlOf, HOME, pageOf } from '../testing/builders';
import { detectTechnologies } from './technologies';

/** A WordPress site on nginx and PHP with jQuery 1.12.4, as the http method stores it. */
const wordpressPage = () =>
  pageOf({
    headers: { server: 'nginx/1.18.0', 'x-powered-by': 'PHP/7.4.3', 'content-type': 'text/html' },
    setCookies: ['PHPSESSID=abc123; path=/; HttpOnly'],
    document: {
      meta: [{ name: 'generator', content: 'WordPress 6.4.2' }],
      scripts: [`${HOME}wp-includes/js/jquery/jquery-1.12.4.min.js`],
      stylesheets: [`${HOME}wp-content/themes/twentytwenty/style.css`],
    },
  });

describe('technology inventory', () => {
  it('recognises the server, language, CMS and library with their versions, and says how each was seen', () => {
    const technologies = detectTechnologies(indexOf(crawlOf({ pages: [wordpressPage(), pageOf({ url: `${HOME}about` })] })));
    const byName = Object.fromEntries(technologies.map((technology) => [technology.name, technology]));
    expect(byName.Nginx).toMatchObject({
      version: '1.18.0',
      evidence: [{ kind: 'header', value: 'server: nginx/1.18.0' }],
      pagesTotal: 1,
    });
    expect(byName.Nginx!.categories).toContain('Web servers');
    expect(byName.Nginx!.cpe).toMatch(/^cpe:2\.3:a:f5:nginx:/);
    expect(byName.PHP).toMatchObject({ version: '7.4.3' });
    expect(byName.PHP!.evidence).toEqual(
      expect.arrayContaining([
        { kind: 'header', value: 'x-powered-by: PHP/7.4.3' },
        { kind: 'cookie', value: 'phpsessid: abc123' },
      ]),
    );
    expect(byName.WordPress).toMatchObject({ version: '6.4.2' });
    expect(byName.WordPress!.evidence).toEqual(
      expect.arrayContaining([
        { kind: 'meta', value: 'generator: WordPress 6.4.2' },
        { kind: 'stylesheet', value: `${HOME}wp-content/themes/twentytwenty/style.css` },
      ]),
    );
    // Implied by WordPress, seen nowhere itself.
    expect(byName.MySQL).toMatchObject({ evidence: [{ kind: 'implied', value: 'WordPress' }] });
    // The vulnerability data says the 1.x line is end-of-life.
    expect(byName.jQuery).toMatchObject({ version: '1.12.4', endOfLife: expect.stringMatching(/End-of-Life/i) });
  });

  it("adds what the browser saw by the library's own global, with the version it gives", () => {
    const page = pageOf({ browser: { libraries: [{ name: 'Moment.js', version: '2.29.1', npm: 'moment' }] } });
    const technologies = detectTechnologies(indexOf(crawlOf({ method: 'puppeteer', pages: [page] })));
    expect(technologies).toEqual([
      expect.objectContaining({
        name: 'Moment.js',
        version: '2.29.1',
        evidence: [{ kind: 'global', value: 'Moment.js' }],
        pagesTotal: 1,
      }),
    ]);
  });

  it('finds nothing on a page that shows nothing', () => {
    expect(detectTechnologies(indexOf(crawlOf({ pages: [pageOf()] })))).toEqual([]);
  });
});
