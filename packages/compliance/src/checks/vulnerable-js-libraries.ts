import { type DetectedLibrary, LIBRARY_EVIDENCE_LABELS } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass, warn } from '../check';
import { indexOf } from '../crawl-index';
import { detectLibraries } from '../software/libraries';
import { count, listOf } from '../text';

/** How detection works, said in every summary: what is not seen is not reported, in either direction. */
export const DETECTION_BY_EVIDENCE =
  'detection is by evidence seen — script file names and URLs, version banners at the start of the scripts the pages load, and library globals in a page the browser rendered; a bundled or minified library without them is not seen';

const named = (library: DetectedLibrary) => `${library.component} ${library.version}`;

/** "jquery 1.12.4: 4 advisories (medium; CVE-2019-11358, …); fixed in 3.5.0; end-of-life — seen by script file name, on 3 pages". */
function describe(library: DetectedLibrary): string {
  const ids = library.advisories.flatMap((advisory) =>
    advisory.ids.filter((id) => id.startsWith('CVE-') || id.startsWith('GHSA-')),
  );
  const parts = [
    `${named(library)}: ${count(library.advisories.length, 'advisory', 'advisories')} (${library.severity}${ids.length ? `; ${listOf([...new Set(ids)], 6)}` : ''})`,
  ];
  if (library.fixedVersion) parts.push(`fixed in ${library.fixedVersion}`);
  if (library.endOfLife) parts.push(`end-of-life: ${library.endOfLife}`);
  const seen = [...new Set(library.evidence.map((evidence) => LIBRARY_EVIDENCE_LABELS[evidence.kind]))].join(', ');
  return `${parts.join('; ')} — seen by ${seen} (${library.evidence[0]!.source}), on ${count(library.pagesTotal, 'page')}`;
}

/** One label per advisory of each library version ("jquery 1.12.4: CVE-2020-11022"): a new version or a new advisory is a new finding. */
const findingsOf = (libraries: DetectedLibrary[]) =>
  libraries.flatMap((library) =>
    library.advisories.map(
      (advisory) => `${named(library)}: ${advisory.ids[0] ?? advisory.info[0] ?? advisory.summary ?? `below ${advisory.below}`}`,
    ),
  );

export const vulnerableJsLibraries: Check = {
  id: 'vulnerable-js-libraries',
  version: 1,
  group: 'software',
  severity: 'high',
  title: 'No JavaScript library with a known vulnerability',
  whyItMatters:
    'A library version with a published vulnerability (cross-site scripting, prototype pollution …) gives an attacker a known, documented way into every page that loads it; end-of-life versions get no more fixes.',
  howToFix:
    'Upgrade each library named here to at least its fixed version (or a supported major version when the line is end-of-life), and keep a list of the libraries the site loads so the next advisory is noticed.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    if (index.htmlPages.length === 0) return notApplicable('No HTML page answered, so no scripts could be seen');
    const libraries = detectLibraries(index);
    const affected = libraries.filter((library) => library.advisories.length > 0);
    const evidence = affected.map((library) => {
      const page = index.crawl.pages.find((p) => p.id === library.pages[0]!.pageId)!;
      return onPage(page, describe(library));
    });
    const holes = affected.filter((library) =>
      library.advisories.some((advisory) => !advisory.endOfLife && advisory.severity !== 'low'),
    );
    if (holes.length > 0)
      return {
        ...fail(
          `${count(holes.length, 'JavaScript library', 'JavaScript libraries')} with known vulnerabilities: ${listOf(holes.map(named))} (${DETECTION_BY_EVIDENCE})`,
          evidence,
        ),
        findings: findingsOf(affected),
      };
    if (affected.length > 0)
      return {
        ...warn(
          `Only low-severity advisories or end-of-life notices: ${listOf(affected.map(named))} (${DETECTION_BY_EVIDENCE})`,
          evidence,
        ),
        findings: findingsOf(affected),
      };
    const seen = libraries.length ? `: ${listOf(libraries.map(named))}` : '';
    return pass(
      `No known vulnerability in the ${count(libraries.length, 'JavaScript library', 'JavaScript libraries')} detected${seen} (${DETECTION_BY_EVIDENCE})`,
    );
  },
};
