import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE } from '../catalogue';
import { SEVERITY_WEIGHTS } from '../scoring';
import { markdownCell, methodologyTables, withMethodologyTables } from './methodology';

const DOC = path.join(__dirname, '..', '..', '..', '..', 'docs', 'methodology.md');

describe('the published method (docs/methodology.md)', () => {
  it('is current: its generated tables are what the code and the catalogue give (npm run docs:methodology)', () => {
    const document = readFileSync(DOC, 'utf8');
    expect(withMethodologyTables(document, CATALOGUE)).toBe(document);
  });

  it("states every check's weight and category, and the weights by severity", () => {
    const tables = methodologyTables(CATALOGUE);
    for (const check of CATALOGUE) expect(tables).toContain(`| \`${check.id}\` | ${markdownCell(check.title)} | `);
    expect(tables).toContain(
      `| \`vulnerable-js-libraries\` | No JavaScript library with a known vulnerability | Software | high | ${SEVERITY_WEIGHTS.high} |`,
    );
    expect(tables).toContain('| critical | 10 |');
    expect(tables).toContain('A failed critical check caps its category at F and the overall grade at D');
  });
});
