import { MESSAGES } from '../messages';
import { crawlerSettingsSchema } from './crawler-settings';

const M = MESSAGES.crawlerSettings;
const valid = {
  maxPages: 100,
  crawlDelay: 2000,
  startUrls: 'https://acme.example/\nhttps://acme.example/about',
  allowedDomains: '',
  excludePatterns: '',
};
const firstError = (input: Record<string, unknown>) => {
  const result = crawlerSettingsSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('crawler settings rules (spec section 5)', () => {
  it('accepts the defaults and splits textarea lines', () => {
    expect(
      crawlerSettingsSchema.parse({
        ...valid,
        allowedDomains: 'acme.example\n\n *.acme.example ',
        excludePatterns: '/admin/**\n',
      }),
    ).toEqual({
      maxPages: 100,
      crawlDelay: 2000,
      startUrls: ['https://acme.example/', 'https://acme.example/about'],
      allowedDomains: ['acme.example', '*.acme.example'],
      excludePatterns: ['/admin/**'],
      keepQueryParams: [],
      ignoreSelectors: [],
      ignoreTextPatterns: [],
    });
  });

  it.each([
    [{ maxPages: undefined }, M.maxPagesRequired],
    [{ maxPages: '' }, M.maxPagesRequired],
    [{ maxPages: 0 }, M.maxPagesMin],
    [{ maxPages: 1001 }, M.maxPagesMax],
    [{ maxPages: 2.5 }, M.wholeNumber],
    [{ maxPages: 'ten' }, M.wholeNumber],
    [{ crawlDelay: undefined }, M.crawlDelayRequired],
    [{ crawlDelay: 499 }, M.crawlDelayMin],
    [{ crawlDelay: 10001 }, M.crawlDelayMax],
    [{ crawlDelay: 700.5 }, M.wholeNumber],
    [{ startUrls: '' }, M.startUrlsRequired],
    [{ startUrls: ' \n ' }, M.startUrlsRequired],
    [{ startUrls: 'https://ok.example\nnot a url' }, M.invalidUrl],
    [{ allowedDomains: 'acme.example\nbad domain!' }, M.invalidDomain],
    [{ excludePatterns: '/*a*a*a*a*a*a*a*a*a*a*a*a*b' }, M.tooManyWildcards],
    [{ excludePatterns: `/${'*/'.repeat(11)}` }, M.tooManyWildcards],
    [{ excludePatterns: '/{a,b,c,d,e,f,g,h,i,j,k}/{a,b,c,d,e,f,g,h,i,j,k}' }, M.tooManyAlternatives],
  ])('%j → "%s"', (input, message) => {
    expect(firstError(input)).toBe(message);
  });

  it('accepts exclude patterns up to 10 wildcards', () => {
    expect(firstError({ excludePatterns: '/**/*a*a*a*a*a*a*a*a*b' })).toBeUndefined();
  });

  it('accepts the bounds 1, 1000, 500 and 10000', () => {
    expect(firstError({ maxPages: 1, crawlDelay: 500 })).toBeUndefined();
    expect(firstError({ maxPages: '1000', crawlDelay: '10000' })).toBeUndefined();
  });
});

describe('change-detection ignores in crawler settings', () => {
  const base = { maxPages: 10, crawlDelay: 1000, startUrls: ['https://acme.example'] };
  it('accepts compound selectors and text patterns, a line each', () => {
    const parsed = crawlerSettingsSchema.parse({
      ...base,
      ignoreSelectors: 'div.promo\n#stock\n[data-ad]\nspan[role="note"]',
      ignoreTextPatterns: 'Served by node *',
    });
    expect(parsed.ignoreSelectors).toEqual(['div.promo', '#stock', '[data-ad]', 'span[role="note"]']);
    expect(parsed.ignoreTextPatterns).toEqual(['Served by node *']);
  });

  it('refuses combinators, a pattern of stars only, and too many or too long lines', () => {
    const issues = (input: object) => crawlerSettingsSchema.safeParse({ ...base, ...input }).error?.issues.map((i) => i.message);
    expect(issues({ ignoreSelectors: ['nav ul'] })).toEqual([MESSAGES.crawlerSettings.invalidIgnoreSelector]);
    expect(issues({ ignoreTextPatterns: ['**'] })).toEqual([MESSAGES.crawlerSettings.invalidIgnorePattern]);
    expect(issues({ ignoreTextPatterns: ['x'.repeat(201)] })).toEqual([MESSAGES.crawlerSettings.ignoreLineTooLong]);
    expect(issues({ ignoreSelectors: Array.from({ length: 51 }, (_, i) => `.c${i}`) })).toEqual([
      MESSAGES.crawlerSettings.tooManyIgnoreLines,
    ]);
  });
});
