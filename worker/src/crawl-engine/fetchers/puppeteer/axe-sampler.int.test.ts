import { AddressGuard } from '@vendorwatch/runtime';
import type { Page } from 'puppeteer';
import { AXE_MAX_ELEMENTS, AxeSampler, readPageTemplate } from './axe-sampler';
import { readBody } from '../../page-reading/page-body';
import { BrowserPool } from './browser-pool';

const document = (body: string, head = '<title>A page</title>') =>
  `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

const article = (paragraphs: string[], extra = '') =>
  document(
    `<header class="top"><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><h1>${paragraphs[0]}</h1>${paragraphs.map((text, i) => `<p class="lead">${text} <a href="/p/${i}">more</a></p>`).join('')}${extra}</main>
<footer><p>© Vendor</p></footer>`,
  );

describe('axe-core, one page per template', () => {
  let pool: BrowserPool;
  let page: Page;
  const show = async (html: string) => {
    await page.setContent(html);
    return page;
  };

  beforeAll(async () => {
    pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard: new AddressGuard(true) });
    ({ page } = await pool.openSession({ useProxy: false, painted: false }));
  });
  afterAll(() => pool.close());

  it('reads one template for pages of other text and other lengths, and another for other markup', async () => {
    const template = async (html: string) => readPageTemplate(await show(html));
    const first = await template(article(['Pricing', 'Plans for teams of every size.']));
    expect(first).toMatch(/^[0-9a-f]+:\d+$/);
    expect(await template(article(['Security', 'We encrypt.', 'Audited yearly.', 'Report a flaw.']))).toBe(first);
    // A CMS's per-page class names (WordPress's page-id-N) are the same template.
    const wordpress = (id: number) => article(['Post']).replace('<header class="top">', `<header class="top page-id-${id}">`);
    expect(await template(wordpress(12))).toBe(await template(wordpress(345)));

    const others = [
      article(['Team'], '<img src="/a.png">'), // an image without alt
      article(['Team'], '<img src="/a.png" alt="Our team">'),
      article(['Team'], '<button></button>'), // a button without a label
      article(['Team'], '<p class="muted">Small print</p>'), // another style
      article(['Pricing']).replace(/<title>.*<\/title>/, ''), // no title
    ];
    const seen = new Set([first]);
    for (const html of others) seen.add(await template(html));
    expect(seen.size).toBe(others.length + 1);
  });

  it('reads the template the HTML gives on our side (page-template.ts, the adaptive method) where the markup writes out html, head and body', async () => {
    const ours = (html: string) =>
      readBody({
        bytes: Buffer.from(html),
        truncated: false,
        contentType: 'text/html',
        pageUrl: 'http://vendor.test/',
        ignoreSelectors: [],
        template: true,
      }).document!.template;
    const pages = [
      article(['Pricing', 'Plans for teams of every size.']),
      article(['Team'], '<img src="/a.png"><button></button><p class="muted post-12">Small print</p>'),
      article(['Pricing']).replace(/<title>.*<\/title>/, ''),
      document('<div class="  a1 b "><span data-x="1" id="y">text</span><br><input type="text"></div>'),
    ];
    for (const html of pages) expect(ours(html)).toBe(await readPageTemplate(await show(html)));
    expect(new Set(pages.map(ours)).size).toBe(pages.length);
  });

  it('checks the first page of each template, with its violations, and skips its repeats', async () => {
    const sampler = new AxeSampler(10);
    const home = await sampler.check(await show(article(['Welcome', 'Hello.'])));
    expect(home).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+/), violations: [] });
    expect(await sampler.check(await show(article(['Blog', 'Post one.', 'Post two.'])))).toBeNull();

    const team = await sampler.check(await show(article(['Team'], '<img src="/a.png">')));
    expect(team!.violations.map((v) => v.id)).toContain('image-alt');
    // The same fault on another page of that template is known already.
    expect(await sampler.check(await show(article(['Jobs', 'Join us.'], '<img src="/b.png">')))).toBeNull();
  });

  it('checks at most its number of templates, and never a page too large for axe', async () => {
    const sampler = new AxeSampler(2);
    expect(await sampler.check(await show(article(['One'])))).not.toBeNull();
    expect(await sampler.check(await show(article(['Two'], '<ul><li>a</li></ul>')))).not.toBeNull();
    expect(await sampler.check(await show(article(['Three'], '<ol><li>a</li></ol>')))).toBeNull();

    const large = document(`<div>${'<span>x</span>'.repeat(AXE_MAX_ELEMENTS)}</div>`);
    expect(await readPageTemplate(await show(large))).toBeNull();
    expect(await new AxeSampler(10).check(page)).toBeNull();
  });

  it('leaves a template whose check failed for its next page, and wants no more once one is checked', async () => {
    const sampler = new AxeSampler();
    const html = article(['Careers', 'Join us.']);
    const template = await readPageTemplate(await show(html));
    expect(sampler.wants(template)).toBe(true);

    // The analysis fails (the page closed under it): no result, and the template is still wanted.
    const { page: closing } = await pool.openSession({ useProxy: false, painted: false });
    await closing.setContent(html);
    await closing.close();
    expect(await sampler.check(closing, template)).toBeNull();
    expect(sampler.wants(template)).toBe(true);

    expect(await sampler.check(await show(html), template)).toMatchObject({ violations: expect.any(Array) });
    expect(sampler.wants(template)).toBe(false);
    expect(sampler.wants(null)).toBe(false);
  });
});
