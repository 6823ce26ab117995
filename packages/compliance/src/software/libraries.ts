import { ADVISORY_SEVERITIES, type DetectedLibrary, type LibraryEvidence } from '@vendorwatch/contracts';
import type { CrawlIndex } from '../crawl-index';
import type { AssessedPage, ScriptBanner } from '../input';
import { npmOfLibrary } from './library-globals';
import { cleanVersion, PageSet } from './page-refs';
import { advisoriesFor, componentOfGlobal, libraryInBanner, libraryInScriptUrl, type LibraryMatch, npmNameOf } from './retire';

/** Evidence kept per library: enough to show how it was seen, bounded for storage. */
const MAX_EVIDENCE = 10;
/** Script URLs matched per crawl; a page set that loads more distinct scripts is cut (in crawl order). */
const MAX_SCRIPT_URLS = 2000;
/** Script banners matched per crawl (each at most MAX_MATCHED_BANNER_LENGTH characters), in crawl order. */
export const MAX_BANNERS = 500;

/** The scripts a page loaded or references: its `<script src>`s, and what the browser requested as scripts. */
export function scriptUrlsOf(page: AssessedPage): string[] {
  const urls = new Set<string>(page.document?.scripts ?? []);
  for (const request of page.browser?.requests ?? []) if (request.resourceType === 'script') urls.add(request.url);
  for (const script of page.browser?.scripts ?? []) urls.add(script.url);
  return [...urls];
}

/** The first bytes of the scripts a page loaded: read by the browser, or by the http method's ranged requests. */
export function scriptBannersOf(page: AssessedPage): ScriptBanner[] {
  const http = page.document?.scriptBanners ?? [];
  const browser = page.browser?.scripts ?? [];
  return http.length === 0 ? browser : browser.length === 0 ? http : [...browser, ...http];
}

interface Found {
  match: LibraryMatch;
  evidence: LibraryEvidence[];
  pages: PageSet;
}

/**
 * The JavaScript libraries a crawl saw, by evidence only: a script's file name or URL, the version banner
 * in the first bytes of a script the pages loaded (read by the browser or by the http method), or the library's own global in the rendered page. A
 * bundled or minified library that shows none of them is not seen — and not reported. Each library and
 * version comes with the Retire.js advisories that apply to it, most severe first. Computed once per crawl.
 */
export function detectLibraries(index: CrawlIndex): DetectedLibrary[] {
  return index.memo('software', 'libraries', () => {
    const found = new Map<string, Found>();
    const note = (page: AssessedPage, match: LibraryMatch, evidence: LibraryEvidence) => {
      const key = `${match.component}@${match.version}`;
      let entry = found.get(key);
      if (!entry) found.set(key, (entry = { match, evidence: [], pages: new PageSet() }));
      entry.pages.add(page);
      if (
        entry.evidence.length < MAX_EVIDENCE &&
        !entry.evidence.some((e) => e.kind === evidence.kind && e.source === evidence.source)
      )
        entry.evidence.push(evidence);
    };

    // A banner is kept on the first page that loaded the script; every page that loads it has the library.
    const bannerMatches = new Map<string, LibraryMatch[]>();
    for (const page of index.htmlPages)
      for (const script of scriptBannersOf(page))
        if (!bannerMatches.has(script.url) && bannerMatches.size < MAX_BANNERS)
          bannerMatches.set(script.url, libraryInBanner(script.banner));

    let urlsMatched = 0;
    for (const page of index.htmlPages) {
      for (const url of scriptUrlsOf(page)) {
        const byUrl = index.memo('retire-url', url, () => (urlsMatched++ < MAX_SCRIPT_URLS ? libraryInScriptUrl(url) : []));
        for (const { match, kind } of byUrl) note(page, match, { kind, source: url });
        for (const match of bannerMatches.get(url) ?? []) note(page, match, { kind: 'banner', source: url });
      }
      for (const library of page.browser?.libraries ?? []) {
        const version = cleanVersion(library.version);
        const component = version ? componentOfGlobal(library.name, library.npm) : null;
        if (component && version) note(page, { component, version }, { kind: 'global', source: library.name });
      }
    }

    const libraries = [...found.values()].map(({ match, evidence, pages }): DetectedLibrary => {
      const advice = index.memo('retire-advisories', `${match.component}@${match.version}`, () =>
        advisoriesFor(match.component, match.version),
      );
      return {
        component: match.component,
        npm: npmNameOf(match.component) ?? npmOfLibrary(match.component),
        version: match.version,
        evidence,
        pages: pages.first,
        pagesTotal: pages.total,
        ...advice,
      };
    });
    const rank = (library: DetectedLibrary) =>
      library.severity ? ADVISORY_SEVERITIES.indexOf(library.severity) : ADVISORY_SEVERITIES.length;
    return libraries.sort(
      (a, b) => rank(a) - rank(b) || a.component.localeCompare(b.component) || a.version.localeCompare(b.version),
    );
  });
}
