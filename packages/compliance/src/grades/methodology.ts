import {
  CHECK_SEVERITIES,
  CRAWL_METHOD_PLAIN_NAMES,
  GRADE_CATEGORIES,
  GRADE_CATEGORY_TITLES,
  type CrawlMethod,
} from '@vendorwatch/contracts';
import type { Check } from '../check';
import { OUTCOME_CREDIT, SEVERITY_WEIGHTS } from '../scoring';
import {
  CAPPING_SEVERITY,
  CATEGORY_CAP,
  CATEGORY_GROUPS,
  categoryOfGroup,
  GRADE_METHOD,
  LETTER_THRESHOLDS,
  OVERALL_CAP,
} from './method';

/** Where the generated part of docs/methodology.md starts and ends. */
export const METHODOLOGY_START = '<!-- generated from packages/compliance (npm run docs:methodology): do not edit by hand -->';
export const METHODOLOGY_END = '<!-- end of generated part -->';

/** Text in a Markdown table cell: a pipe would end the cell, an angle bracket would open an HTML tag. */
export const markdownCell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

/** The crawl methods that can judge a check, in plain words: every one, or which. */
const methodsText = (methods: readonly CrawlMethod[]) =>
  methods.length === Object.keys(CRAWL_METHOD_PLAIN_NAMES).length
    ? 'All'
    : methods.map((method) => CRAWL_METHOD_PLAIN_NAMES[method].toLowerCase()).join(', ');

/**
 * The numbers of the method as tables, generated from the code that applies them and the catalogue the
 * grades are computed over, so the published method cannot drift from the one in use.
 */
export function methodologyTables(catalogue: readonly Check[]): string {
  const weights = table(
    ['Severity', 'Weight'],
    CHECK_SEVERITIES.map((severity) => [severity, SEVERITY_WEIGHTS[severity]]),
  );
  const credits = table(
    ['Outcome', 'Share of the weight earned'],
    Object.entries(OUTCOME_CREDIT).map(([outcome, credit]) => [outcome, credit]),
  );
  const letters = table(
    ['Letter', 'Score at least'],
    [...LETTER_THRESHOLDS.map(([letter, threshold]) => [letter, threshold]), ['F', 'below ' + LETTER_THRESHOLDS.at(-1)![1]]],
  );
  const categories = table(
    ['Category', 'Checks'],
    GRADE_CATEGORIES.map((category) => [
      GRADE_CATEGORY_TITLES[category],
      catalogue.filter((check) => CATEGORY_GROUPS[category].includes(check.group)).length,
    ]),
  );
  const checks = table(
    ['Check', 'Title', 'Category', 'Severity', 'Weight', 'Methods'],
    catalogue.map((check) => {
      const category = categoryOfGroup(check.group);
      return [
        `\`${check.id}\``,
        markdownCell(check.title),
        category ? GRADE_CATEGORY_TITLES[category] : 'Overall grade only',
        check.severity,
        SEVERITY_WEIGHTS[check.severity],
        methodsText(check.methods),
      ];
    }),
  );
  return [
    METHODOLOGY_START,
    '',
    `Method identifier: ${GRADE_METHOD} (it changes whenever anything below changes; each report names the one it was graded by).`,
    '',
    '### Weights by severity',
    '',
    weights,
    '',
    '### What each outcome earns',
    '',
    credits,
    '',
    'Every other outcome (not applicable, could not be checked) is left out of both sides of the score.',
    '',
    '### Letters',
    '',
    letters,
    '',
    `A failed ${CAPPING_SEVERITY} check caps its category at ${CATEGORY_CAP} and the overall grade at ${OVERALL_CAP}, whatever the score.`,
    '',
    '### Categories',
    '',
    categories,
    '',
    `### Every check (${catalogue.length})`,
    '',
    'Methods are the crawl methods that can judge the check. A few checks (trackers before consent, accessibility) need the full browser, or the adaptive method, which opens pages in it; with another method they are left out of the grade, and the report says so.',
    '',
    checks,
    '',
    METHODOLOGY_END,
  ].join('\n');
}

/** The document with its generated part replaced by the current one. */
export function withMethodologyTables(document: string, catalogue: readonly Check[]): string {
  const start = document.indexOf(METHODOLOGY_START);
  const end = document.indexOf(METHODOLOGY_END);
  if (start < 0 || end < start) throw new Error('docs/methodology.md has lost its generated-part markers');
  return document.slice(0, start) + methodologyTables(catalogue) + document.slice(end + METHODOLOGY_END.length);
}
