import { type CheckEvaluation, fail, notApplicable, onPage, pass, warn } from './check';
import { type CrawlIndex, isHtmlPage } from './crawl-index';
import type { DocumentFacts } from './input';
import { count } from './text';

type PolicyKind = keyof DocumentFacts['policyLinks'];

/**
 * Whether the home page links a kind of page (privacy policy, terms): a link on the home page passes;
 * a link only deeper in the site warns, since visitors and regulators look for it on the home page.
 */
export function linkedFromHome(index: CrawlIndex, kind: PolicyKind, what: string): CheckEvaluation {
  if (index.htmlPages.length === 0) return notApplicable(`No HTML page answered, so no ${what} link can be looked for`);
  const home = index.home && isHtmlPage(index.home) && index.home.document ? index.home : null;
  const onHome = home?.document?.policyLinks[kind] ?? [];
  if (home && onHome.length)
    return pass(
      `The home page links the ${what}: ${onHome[0]}`,
      onHome.map((link) => onPage(home, link)),
    );
  const elsewhere = index.htmlPages.filter((page) => (page.document?.policyLinks[kind].length ?? 0) > 0);
  if (elsewhere.length) {
    const evidence = elsewhere.map((page) => onPage(page, page.document!.policyLinks[kind].join(', ')));
    const where = `${count(elsewhere.length, home ? 'other page' : 'page')}, e.g. ${elsewhere[0].url}`;
    return warn(
      home
        ? `No ${what} link on the home page, only on ${where}`
        : `The home page was not stored as HTML; a ${what} link is on ${where}`,
      evidence,
    );
  }
  return fail(
    `No ${what} link on any HTML page (${count(index.htmlPages.length, 'page')} checked)`,
    home ? [onPage(home, `No ${what} link`)] : [],
  );
}
