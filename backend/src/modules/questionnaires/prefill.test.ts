import { contradictionOf, prefillOf, type MappedCheckResult } from './prefill';

const result = (checkId: string, outcome: string, evidence: MappedCheckResult['evidence'] = []): MappedCheckResult => ({
  checkId,
  outcome,
  summary: `${checkId}: ${outcome}`,
  evidence,
  evaluated: outcome !== 'not_applicable',
});
const results = (...rows: MappedCheckResult[]) => new Map(rows.map((row) => [row.checkId, row]));

describe('pre-fills and contradictions', () => {
  it('answers yes when every mapped check passes, no when one fails or warns, with what each saw', () => {
    expect(prefillOf(['https', 'hsts'], results(result('https', 'pass'), result('hsts', 'pass')))?.answer).toBe('yes');
    const no = prefillOf(
      ['https', 'hsts'],
      results(
        result('https', 'pass'),
        result('hsts', 'warn', [{ url: 'https://v.example/', pageId: null, detail: 'max-age=300' }]),
      ),
    );
    expect(no).toEqual({
      answer: 'no',
      evidence: [
        { checkId: 'https', outcome: 'pass', evidence: ['https: pass'] },
        { checkId: 'hsts', outcome: 'warn', evidence: ['hsts: warn', 'max-age=300 — https://v.example/'] },
      ],
    });
  });

  it('leaves a question blank when it maps to no check, or a mapped check was not evaluated or not assessed', () => {
    expect(prefillOf([], results(result('https', 'pass')))).toBeNull();
    expect(prefillOf(['https', 'hsts'], results(result('https', 'pass'), result('hsts', 'not_applicable')))).toBeNull();
    expect(prefillOf(['https'], results())).toBeNull();
  });

  it('flags a yes where a mapped check fails, not a no, and not a warning', () => {
    const seen = results(result('security-txt', 'fail'), result('hsts', 'warn'));
    expect(contradictionOf('yes', ['security-txt'], seen)).toEqual({ checkId: 'security-txt', evidence: ['security-txt: fail'] });
    expect(contradictionOf('no', ['security-txt'], seen)).toBeNull();
    expect(contradictionOf('yes', ['hsts'], seen)).toBeNull();
  });
});
