import { runCheck } from '../run-check';
import { axeOf, crawlOf, pageOf } from '../testing/builders';
import { axeViolations } from './axe-violations';

const rendered = (...axes: ReturnType<typeof axeOf>[]) =>
  crawlOf({
    method: 'puppeteer',
    pages: axes.map((axe, i) => pageOf({ url: `https://www.vendor.test/${i}`, browser: { axe } })),
  });

describe('axe-violations', () => {
  it('passes when axe-core found nothing', () => {
    const result = runCheck(axeViolations, rendered(axeOf(), axeOf()));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('axe-core 4.11.0 found no violations on 2 pages');
  });

  it('fails on serious or critical violations, most severe first, naming rule, impact, help, page and elements', () => {
    const crawl = rendered(
      axeOf([{ id: 'region', impact: 'moderate' }]),
      axeOf([
        {
          id: 'color-contrast',
          impact: 'serious',
          help: 'Elements must meet minimum color contrast',
          nodes: 3,
          targets: ['.btn', 'footer a'],
        },
        {
          id: 'button-name',
          impact: 'critical',
          help: 'Buttons must have discernible text',
          helpUrl: 'https://dequeuniversity.com/rules/axe/4.11/button-name',
        },
      ]),
    );
    const result = runCheck(axeViolations, crawl);
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Serious or critical violations of 2 rules (button-name, color-contrast) on 1 of 2 pages');
    expect(result.evidence.map((e) => [e.url, e.detail])).toEqual([
      [
        'https://www.vendor.test/1',
        'button-name (critical): Buttons must have discernible text — https://dequeuniversity.com/rules/axe/4.11/button-name — 1 element: body > main',
      ],
      [
        'https://www.vendor.test/1',
        'color-contrast (serious): Elements must meet minimum color contrast — https://dequeuniversity.com/rules/axe/4.11/rule-0 — 3 elements: .btn, footer a',
      ],
      [
        'https://www.vendor.test/0',
        'region (moderate): Elements must meet the rule — https://dequeuniversity.com/rules/axe/4.11/rule-0 — 1 element: body > main',
      ],
    ]);
  });

  it('warns when only moderate or minor violations remain', () => {
    const result = runCheck(
      axeViolations,
      rendered(
        axeOf([
          { id: 'region', impact: 'moderate' },
          { id: 'meta-viewport', impact: 'minor' },
        ]),
      ),
    );
    expect(result.outcome).toBe('warn');
  });

  it('is not applicable when axe did not run, or the method has no browser', () => {
    expect(runCheck(axeViolations, crawlOf({ method: 'puppeteer', pages: [pageOf({ browser: {} })] })).outcome).toBe(
      'not_applicable',
    );
    const api = runCheck(axeViolations, crawlOf({ method: 'api' }));
    expect(api.outcome).toBe('not_applicable');
    expect(api.summary).toBe('Needs the browser (puppeteer) or adaptive method');
  });
});
