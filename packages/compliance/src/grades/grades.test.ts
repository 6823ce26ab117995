import type { CheckSeverity } from '@vendorwatch/contracts';
import { assess } from '../assess';
import { compliantCrawlOf } from '../testing/builders';
import { type GradedCheck, gradesOf, whatIfFixed } from './grades';
import { letterFor } from './method';

let n = 0;
const check = (group: string, severity: CheckSeverity, outcome: string, title = `check ${++n}`): GradedCheck => ({
  checkId: title.replace(/\s+/g, '-'),
  title,
  group,
  severity,
  outcome,
});

const categoryOf = (checks: GradedCheck[], category: string) => gradesOf(checks).categories.find((c) => c.category === category)!;

describe('grades', () => {
  it.each([
    [100, 'A'],
    [90, 'A'],
    [89.9, 'B'],
    [80, 'B'],
    [79.9, 'C'],
    [70, 'C'],
    [69.9, 'D'],
    [60, 'D'],
    [59.9, 'F'],
    [0, 'F'],
  ] as const)('a score of %s is %s', (score, letter) => {
    expect(letterFor(score)).toBe(letter);
  });

  it.each<
    [string, GradedCheck[], { letter: string | null; score: number | null; checksCounted: number; cappedBy: string | null }]
  >([
    [
      'every check passed',
      [check('security_headers', 'high', 'pass'), check('security_headers', 'low', 'pass')],
      { letter: 'A', score: 100, checksCounted: 2, cappedBy: null },
    ],
    // Weights high 6, medium 3, low 1; a warning earns half: (6 + 1.5 + 1) ÷ 10.
    [
      'a medium warning and a low pass beside a high pass',
      [
        check('security_headers', 'high', 'pass'),
        check('security_headers', 'medium', 'warn'),
        check('security_headers', 'low', 'pass'),
      ],
      { letter: 'B', score: 85, checksCounted: 3, cappedBy: null },
    ],
    [
      'a high failure beside a medium and a low pass',
      [
        check('security_headers', 'high', 'fail'),
        check('security_headers', 'medium', 'pass'),
        check('security_headers', 'low', 'pass'),
      ],
      { letter: 'F', score: 40, checksCounted: 3, cappedBy: null },
    ],
    [
      'not applicable and could-not-check are left out of both sides',
      [
        check('security_headers', 'high', 'pass'),
        check('security_headers', 'critical', 'not_applicable'),
        check('security_headers', 'high', 'could_not_check'),
      ],
      { letter: 'A', score: 100, checksCounted: 1, cappedBy: null },
    ],
    [
      'nothing judged: no grade',
      [check('security_headers', 'high', 'not_applicable')],
      { letter: null, score: null, checksCounted: 0, cappedBy: null },
    ],
  ])('a category where %s', (_, checks, expected) => {
    const { category: _c, title: _t, ...grade } = categoryOf(checks, 'security_headers');
    expect(grade).toEqual(expected);
  });

  it('caps a category at F and the overall grade at D when a critical check fails, whatever the score', () => {
    const checks = [
      check('transport', 'critical', 'fail', 'Every page is served over HTTPS'),
      ...Array.from({ length: 20 }, () => check('content_hygiene', 'critical', 'pass')),
    ];
    const grades = gradesOf(checks);
    expect(grades.overall).toEqual({ letter: 'D', score: 95.2, checksCounted: 21, cappedBy: 'Every page is served over HTTPS' });
    expect(categoryOf(checks, 'transport')).toMatchObject({ letter: 'F', score: 0, cappedBy: null });
    expect(categoryOf(checks, 'content_hygiene')).toMatchObject({ letter: 'A', score: 100 });
  });

  it("grades the domain checks' groups as email & domain and transport, and an unknown group overall only", () => {
    const checks = [
      check('email_domain', 'high', 'fail'),
      check('tls', 'high', 'pass'),
      check('transport', 'high', 'pass'),
      check('some_future_group', 'high', 'fail'),
    ];
    expect(categoryOf(checks, 'email_domain')).toMatchObject({ letter: 'F', checksCounted: 1 });
    expect(categoryOf(checks, 'transport')).toMatchObject({ letter: 'A', checksCounted: 2 });
    expect(gradesOf(checks).overall).toMatchObject({ score: 50, checksCounted: 4 });
  });

  it("scores overall exactly as the compliance rate, so the letter reads the label's figure", () => {
    const crawl = compliantCrawlOf(3);
    crawl.pages[0]!.headers = {};
    const assessment = assess(crawl);
    expect(gradesOf(assessment.checks).overall.score).toBe(assessment.rate);
    expect(gradesOf(assessment.checks).categories.map((c) => c.category)).toEqual([
      'security_headers',
      'transport',
      'email_domain',
      'software',
      'privacy_legal',
      'accessibility',
      'content_hygiene',
    ]);
  });
});

describe('what if fixed', () => {
  it('projects, for each failing check, the grades a reassessment gives once the fix makes that check pass', () => {
    // A compliant site whose home page leaks full URLs (Referrer-Policy: unsafe-url) and lost HSTS, and whose
    // pages lost their titles. (No Referrer-Policy at all passes: browsers default to a safe one.)
    const broken = () => {
      const crawl = compliantCrawlOf(3);
      const { 'strict-transport-security': _h, ...rest } = crawl.pages[0]!.headers;
      crawl.pages[0]!.headers = { ...rest, 'referrer-policy': 'unsafe-url' };
      for (const page of crawl.pages) page.title = null;
      return crawl;
    };
    const before = assess(broken());
    const projections = whatIfFixed(before.checks);
    expect(projections.map((p) => p.checkId).sort()).toEqual(['hsts', 'page-titles', 'referrer-policy']);

    // Fix the HSTS header only, and assess again: the projection said exactly this.
    const fixed = broken();
    fixed.pages[0]!.headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    const after = gradesOf(assess(fixed).checks);
    const hsts = projections.find((p) => p.checkId === 'hsts')!;
    expect(hsts.category).toBe('transport');
    expect(hsts.ifFixed.overall).toEqual(after.overall);
    const { category: _c, title: _t, ...transport } = after.categories.find((c) => c.category === 'transport')!;
    expect(hsts.ifFixed.category).toEqual(transport);
    expect(hsts.ifFixed.overall.score!).toBeGreaterThan(hsts.now.overall.score!);

    // Every projection is the same function applied with that check passing.
    for (const projection of projections) {
      const passing = before.checks.map((c) => (c.checkId === projection.checkId ? { ...c, outcome: 'pass' as const } : c));
      expect(projection.ifFixed.overall).toEqual(gradesOf(passing).overall);
    }
    // Largest overall gain first.
    const gains = projections.map((p) => p.ifFixed.overall.score! - p.now.overall.score!);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
  });

  it('has nothing to project when nothing fails or warns', () => {
    expect(whatIfFixed(assess(compliantCrawlOf(2)).checks)).toEqual([]);
  });
});
