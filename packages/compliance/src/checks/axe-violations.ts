import { BROWSER_ONLY, type Check, notEvaluated, onPage } from '../check';
import { indexOf } from '../crawl-index';
import type { AssessedPage, AxeFacts } from '../input';
import { count, listOf } from '../text';

type Violation = AxeFacts['violations'][number];
const IMPACT_ORDER = ['critical', 'serious', 'moderate', 'minor'];
const rank = (impact: Violation['impact']) => (impact ? IMPACT_ORDER.indexOf(impact) : IMPACT_ORDER.length);
const isGrave = (violation: Violation) => violation.impact === 'critical' || violation.impact === 'serious';

export const axeViolations: Check = {
  id: 'axe-violations',
  version: 1,
  group: 'accessibility',
  severity: 'high',
  title: 'No serious or critical accessibility violations (axe-core)',
  whyItMatters:
    'Critical and serious axe-core violations block people using screen readers, keyboards or magnification from using the page; accessibility laws (ADA, EAA) cover them.',
  howToFix: "Fix the rules listed, most severe first; each links to axe-core's explanation with examples.",
  methods: BROWSER_ONLY,
  evaluate(crawl) {
    const pages = indexOf(crawl).htmlPages.filter((page) => page.browser?.axe);
    if (pages.length === 0) return notEvaluated('axe-core did not run on any page');
    const found: { page: AssessedPage; violation: Violation }[] = [];
    for (const page of pages) for (const violation of page.browser!.axe!.violations) found.push({ page, violation });
    if (found.length === 0) {
      const version = pages[0].browser!.axe!.version;
      return {
        outcome: 'pass',
        summary: `axe-core ${version} found no violations on ${count(pages.length, 'page')}`,
        evidence: [],
      };
    }
    // Most severe first; within an impact, crawl order (sort is stable).
    found.sort((a, b) => rank(a.violation.impact) - rank(b.violation.impact));
    const evidence = found.map(({ page, violation }) =>
      onPage(
        page,
        `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help} — ${violation.helpUrl} — ` +
          `${count(violation.nodes, 'element')}: ${violation.targets.join(', ')}`,
      ),
    );
    const grave = found.filter(({ violation }) => isGrave(violation));
    const rules = (list: typeof found) => [...new Set(list.map(({ violation }) => violation.id))];
    const pagesWith = (list: typeof found) => new Set(list.map(({ page }) => page)).size;
    if (grave.length) {
      const ids = rules(grave);
      return {
        outcome: 'fail',
        summary: `Serious or critical violations of ${count(ids.length, 'rule')} (${listOf(ids)}) on ${pagesWith(grave)} of ${count(pages.length, 'page')}`,
        evidence,
      };
    }
    const ids = rules(found);
    return {
      outcome: 'warn',
      summary: `Only moderate or minor violations: ${count(ids.length, 'rule')} (${listOf(ids)}) on ${pagesWith(found)} of ${count(pages.length, 'page')}`,
      evidence,
    };
  },
};
