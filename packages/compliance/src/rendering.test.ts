import type { PageReadBy } from '@vendorwatch/contracts';
import { renderingSentence } from '@vendorwatch/contracts';
import { renderingSummary } from './rendering';
import { crawlOf, HOME, pageOf } from './testing/builders';

const read = (path: string, readBy: PageReadBy) => pageOf({ url: `${HOME}${path}`, document: { readBy } });

describe('how an adaptive crawl read its pages', () => {
  it('counts the pages read over HTTP and in the browser, by reason, and the templates that needed the browser', () => {
    const crawl = crawlOf({
      method: 'adaptive',
      pages: [
        read('', { via: 'browser', reason: 'new-template', template: 'home' }),
        read('docs/1', { via: 'browser', reason: 'new-template', template: 'doc' }),
        read('docs/2', { via: 'browser', reason: 'new-template', template: 'doc' }),
        read('docs/3', { via: 'http', reason: null, template: 'doc' }),
        read('docs/10', { via: 'browser', reason: 'recheck', template: 'doc' }),
        read('app', { via: 'browser', reason: 'new-template', template: 'app', differences: ['links'] }),
        read('app/2', { via: 'browser', reason: 'template-differs', template: 'app' }),
        // The browser could not open it: read over HTTP.
        read('shop', { via: 'http', reason: 'new-template', template: 'shop', browserError: 'Timed out' }),
        pageOf({ url: `${HOME}report.pdf`, document: null }),
      ],
    });
    const summary = renderingSummary(crawl)!;
    expect(summary).toEqual({
      pages: 8,
      overHttp: 2,
      inBrowser: 6,
      byReason: { 'new-template': 4, 'template-differs': 1, recheck: 1 },
      templates: 4,
      templatesInBrowser: 1,
    });
    expect(renderingSentence(summary)).toBe(
      '6 of 8 pages opened in the browser (4 samples of a new page template, 1 page of a template where the browser sees more than HTTP, 1 periodic re-check of a template); 2 read over HTTP. 1 of 4 page templates needed the browser throughout.',
    );
  });

  it('is not given for the other methods', () => {
    expect(renderingSummary(crawlOf({ method: 'puppeteer' }))).toBeNull();
  });
});
