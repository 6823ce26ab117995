import { MAX_EVIDENCE_PER_CHECK } from '@vendorwatch/contracts';
import { assess } from './assess';
import { CATALOGUE, CATALOGUE_VERSION, catalogueVersionOf } from './catalogue';
import { type Check, type CheckEvaluation, onSite } from './check';
import { compliantCrawlOf, crawlOf, pageOf } from './testing/builders';

const fake = (id: string, severity: Check['severity'], evaluation: Partial<CheckEvaluation>): Check => ({
  id,
  version: 1,
  group: 'transport',
  severity,
  title: `Fake ${id}`,
  whyItMatters: 'Because.',
  howToFix: 'Fix it.',
  methods: ['puppeteer', 'api', 'http'],
  evaluate: () => ({ outcome: 'pass', summary: 'fine', evidence: [], ...evaluation }),
});

describe('assess', () => {
  it('rates a compliant site 100 and every applicable check passes', () => {
    const assessment = assess(compliantCrawlOf());
    const notPassing = assessment.checks.filter((check) => check.outcome !== 'pass' && check.outcome !== 'not_applicable');
    expect(notPassing).toEqual([]);
    expect(assessment).toMatchObject({
      catalogueVersion: CATALOGUE_VERSION,
      rate: 100,
      label: 'Compliant',
      failures: { critical: 0, high: 0, medium: 0, low: 0 },
      pagesChecked: 3,
      notEvaluatedByMethod: [],
    });
    expect(assessment.checks.map((check) => check.checkId)).toEqual(CATALOGUE.map((check) => check.id));
    // Consent is not needed when only a session cookie is set.
    expect(assessment.checks.find((check) => check.checkId === 'cookie-consent')?.outcome).toBe('not_applicable');
  });

  it('counts outcomes and failures by severity, and rates by weight', () => {
    const site = compliantCrawlOf();
    const broken = {
      ...site,
      // No HTTPS origin read: the three TLS checks do not apply.
      domainPosture: { ...site.domainPosture!, origins: [] },
      pages: site.pages.map((page) => ({
        ...page,
        headers: { ...page.headers, 'x-content-type-options': 'sniff' },
        title: null,
      })),
    };
    const assessment = assess(broken);
    expect(assessment.counts).toEqual({ pass: 32, fail: 2, warn: 0, notApplicable: 5 });
    expect(assessment.notChecked).toBe(0);
    expect(assessment.failures).toEqual({ critical: 0, high: 0, medium: 2, low: 0 });
    // Catalogue weight 158, less TLS (10 + 6 + 6), consent (6) and duplicate titles (1) not applying: 129;
    // the two medium failures lose 3 each: 123 / 129.
    expect(assessment.rate).toBe(95.3);
    expect(assessment.label).toBe('Compliant');
  });

  it('counts "could not be checked" apart and leaves it out of the rate: a crawl without domain facts rates as before', () => {
    const site = compliantCrawlOf();
    const without = assess({ ...site, domainPosture: null });
    expect(without.notChecked).toBe(11);
    expect(without.checks.filter((check) => check.outcome === 'not_checked').map((check) => check.group)).toEqual([
      ...Array(8).fill('email_domain'),
      ...Array(3).fill('tls'),
    ]);
    expect(without.rate).toBe(100);
    expect(without.counts).toEqual({ pass: 27, fail: 0, warn: 0, notApplicable: 1 });
  });

  it('leaves the browser-only checks out for other methods and lists them', () => {
    const assessment = assess({ ...compliantCrawlOf(), method: 'http' });
    expect(assessment.notEvaluatedByMethod).toEqual([
      'No trackers loaded before consent',
      'No serious or critical accessibility violations (axe-core)',
    ]);
    const axe = assessment.checks.find((check) => check.checkId === 'axe-violations');
    expect(axe).toMatchObject({
      outcome: 'not_applicable',
      summary: 'Needs the browser (puppeteer) or adaptive method',
      evidence: [],
      evidenceTotal: 0,
    });
  });

  it('marks what the crawl did not collect as not evaluated, and what does not apply to the site as evaluated', () => {
    const site = compliantCrawlOf();
    const evaluated = (crawl: typeof site) =>
      Object.fromEntries(assess(crawl).checks.map((check) => [check.checkId, check.evaluated]));
    // An http crawl cannot look for trackers or run axe-core; nor was the plain-HTTP address or security.txt read here.
    const http = evaluated({ ...site, method: 'http', site: { httpEntry: null, securityTxt: null } });
    expect(Object.keys(http).filter((id) => !http[id])).toEqual([
      'http-redirects-to-https',
      'trackers-before-consent',
      'security-txt',
      'axe-violations',
    ]);
    // A browser crawl whose pages axe-core never ran on did not evaluate accessibility either.
    const unsampled = { ...site, pages: site.pages.map((page) => ({ ...page, browser: { ...page.browser!, axe: null } })) };
    expect(evaluated(unsampled)['axe-violations']).toBe(false);
    // Consent not being needed is a finding about the site: evaluated, though not applicable.
    expect(assess(site).checks.find((check) => check.checkId === 'cookie-consent')).toMatchObject({
      outcome: 'not_applicable',
      evaluated: true,
    });
  });

  it('weighs outcomes from any catalogue it is given', () => {
    const checks = [
      fake('a', 'critical', {}),
      fake('b', 'high', { outcome: 'warn' }),
      fake('c', 'medium', { outcome: 'fail' }),
      fake('d', 'low', { outcome: 'not_applicable' }),
    ];
    expect(assess(crawlOf(), checks)).toMatchObject({
      rate: 68.4,
      label: 'Non-Compliant',
      counts: { pass: 1, warn: 1, fail: 1, notApplicable: 1 },
      failures: { critical: 0, high: 0, medium: 1, low: 0 },
    });
  });

  it(`keeps the first ${MAX_EVIDENCE_PER_CHECK} pieces of evidence and counts them all`, () => {
    const evidence = Array.from({ length: 120 }, (_, i) => onSite(`https://www.vendor.test/${i}`, `item ${i}`));
    const [result] = assess(crawlOf(), [fake('many', 'low', { outcome: 'fail', evidence })]).checks;
    expect(result.evidence).toHaveLength(MAX_EVIDENCE_PER_CHECK);
    expect(result.evidence[0].detail).toBe('item 0');
    expect(result.evidenceTotal).toBe(120);
  });

  it('is not assessable when nothing applied: rate and label are null', () => {
    const assessment = assess(crawlOf(), [fake('none', 'critical', { outcome: 'not_applicable' })]);
    expect(assessment).toMatchObject({ rate: null, label: null, counts: { pass: 0, fail: 0, warn: 0, notApplicable: 1 } });
  });

  it('counts only pages that answered as checked', () => {
    const crawl = crawlOf({
      pages: [pageOf(), pageOf({ url: 'https://www.vendor.test/down', statusCode: null, error: 'ETIMEDOUT' })],
    });
    expect(assess(crawl).pagesChecked).toBe(1);
  });

  it('gives byte-identical output for the same crawl, however often and from separately built copies', () => {
    const first = JSON.stringify(assess(compliantCrawlOf(20)));
    expect(JSON.stringify(assess(compliantCrawlOf(20)))).toBe(first);
    expect(JSON.stringify(assess(JSON.parse(JSON.stringify(compliantCrawlOf(20)))))).toBe(first);
  });

  it('lets a check that throws fail the assessment: a bug is not an outcome', () => {
    const buggy: Check = { ...fake('buggy', 'low', {}), evaluate: () => JSON.parse('{') };
    expect(() => assess(crawlOf(), [buggy])).toThrow(SyntaxError);
  });

  it('changes the catalogue version when a check changes', () => {
    expect(catalogueVersionOf(CATALOGUE)).toBe(CATALOGUE_VERSION);
    const bumped = CATALOGUE.map((check, i) => (i === 0 ? { ...check, version: check.version + 1 } : check));
    expect(catalogueVersionOf(bumped)).not.toBe(CATALOGUE_VERSION);
    const reweighed = CATALOGUE.map((check, i) => (i === 0 ? { ...check, severity: 'low' as const } : check));
    expect(catalogueVersionOf(reweighed)).not.toBe(CATALOGUE_VERSION);
  });
});

describe('catalogue', () => {
  it('has unique ids, each with a module and a test named after it', () => {
    const ids = CATALOGUE.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    for (const id of ids) {
      expect(() => require.resolve(`./checks/${id}`)).not.toThrow();
      expect(() => require.resolve(`./checks/${id}.test`)).not.toThrow();
    }
  });
});
