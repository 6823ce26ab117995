import type {
  DetectedLibrary,
  DetectedTechnology,
  InventoryPageRef,
  TechnologyEvidence,
  TechnologyEvidenceKind,
} from '@vendorwatch/contracts';
import type { CrawlIndex } from '../crawl-index';
import type { AssessedPage } from '../input';
import { finalUrlOf } from '../crawl-index';
import { type Detection, fingerprintNamed, fingerprintNameLike, matchFingerprints } from './fingerprints';
import { detectLibraries, scriptBannersOf, scriptUrlsOf } from './libraries';
import { cleanVersion, PageSet } from './page-refs';
import { advisoriesFor, componentOfGlobal, MAX_MATCHED_BANNER_LENGTH } from './retire';

/**
 * Bounds on what is matched per crawl: a site with thousands of distinct values is read by its first ones.
 * Every script URL is tried against some 3 900 fingerprints' patterns, so their number sets the cost.
 */
const MAX_VALUES = { perHeader: 20, scripts: 200, stylesheets: 100, cookies: 100, metaNames: 50, bannerText: 200_000 } as const;
const MAX_VALUE_LENGTH = 500;
const MAX_EVIDENCE = 10;

/** Each value seen, with the pages it was seen on. */
class Seen {
  readonly values = new Map<string, PageSet>();
  constructor(private readonly max: number) {}
  add(value: string, page: AssessedPage): void {
    const cut = value.slice(0, MAX_VALUE_LENGTH);
    let pages = this.values.get(cut);
    if (!pages) {
      if (this.values.size >= this.max) return;
      this.values.set(cut, (pages = new PageSet()));
    }
    pages.add(page);
  }
}

/** Named values (headers, meta tags, cookies): name → values seen. */
class SeenNamed {
  readonly names = new Map<string, Seen>();
  constructor(
    private readonly maxNames: number,
    private readonly perName: number,
  ) {}
  add(name: string, value: string, page: AssessedPage): void {
    let seen = this.names.get(name);
    if (!seen) {
      if (this.names.size >= this.maxNames) return;
      this.names.set(name, (seen = new Seen(this.perName)));
    }
    seen.add(value, page);
  }
  asItems(): Record<string, string[]> {
    return Object.fromEntries([...this.names].map(([name, seen]) => [name, [...seen.values.keys()]]));
  }
  /** Where a matched value was seen: "name: value" for each name that had it, and its pages. */
  find(value: string): { labels: string[]; pages: PageSet[] } {
    const labels: string[] = [];
    const pages: PageSet[] = [];
    for (const [name, seen] of this.names) {
      const found = seen.values.get(value);
      if (!found) continue;
      labels.push(value ? `${name}: ${value}` : name);
      pages.push(found);
    }
    return { labels, pages };
  }
}

/** What the crawl stored that fingerprints can match, gathered once over the HTML pages. */
function gather(index: CrawlIndex) {
  const headers = new SeenNamed(100, MAX_VALUES.perHeader);
  const meta = new SeenNamed(MAX_VALUES.metaNames, MAX_VALUES.perHeader);
  const cookies = new SeenNamed(MAX_VALUES.cookies, 5);
  const scripts = new Seen(MAX_VALUES.scripts);
  const stylesheets = new Seen(MAX_VALUES.stylesheets);
  const banners = new Map<string, string>();
  for (const page of index.htmlPages) {
    for (const [name, value] of Object.entries(page.headers)) headers.add(name, value, page);
    for (const { name, content } of page.document?.meta ?? []) meta.add(name.toLowerCase(), content, page);
    for (const raw of page.setCookies) {
      const pair = raw.split(';', 1)[0]!;
      const at = pair.indexOf('=');
      if (at > 0) cookies.add(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim(), page);
    }
    for (const cookie of page.browser?.cookies ?? []) cookies.add(cookie.name.toLowerCase(), '', page);
    for (const url of scriptUrlsOf(page)) scripts.add(url, page);
    for (const url of page.document?.stylesheets ?? []) stylesheets.add(url, page);
    for (const script of scriptBannersOf(page))
      if (!banners.has(script.url) && banners.size < MAX_VALUES.scripts)
        banners.set(script.url, script.banner.slice(0, MAX_MATCHED_BANNER_LENGTH));
  }
  return { headers, meta, cookies, scripts, stylesheets, banners };
}

const stylesheetTag = (url: string) => `<link rel="stylesheet" href="${url}">`;

interface Gathered {
  evidence: TechnologyEvidence[];
  pages: PageSet;
}

/**
 * The technologies a crawl's pages show (web server, CMS, frameworks, libraries, analytics …), with the
 * version where the evidence gives one, found by Wappalyzer's fingerprints over the stored headers, meta
 * tags, script and stylesheet URLs, script banners and cookies, plus the libraries the browser saw by their
 * globals and those the vulnerability data recognised. End-of-life versions carry the vulnerability data's
 * notice. By name. Computed once per crawl.
 */
export function detectTechnologies(index: CrawlIndex): DetectedTechnology[] {
  return index.memo('software', 'technologies', () => {
    const seen = gather(index);
    const home = index.home ? finalUrlOf(index.home) : index.crawl.startUrl;
    const bannerText = [...seen.banners.values()].join('\n').slice(0, MAX_VALUES.bannerText);
    const { detections, resolved } = matchFingerprints({
      url: home,
      headers: seen.headers.asItems(),
      meta: seen.meta.asItems(),
      cookies: seen.cookies.asItems(),
      scriptSrc: [...seen.scripts.values.keys()],
      scripts: bannerText,
      html: [...seen.stylesheets.values.keys()].map(stylesheetTag).join('\n'),
    });

    const gathered = new Map<string, Gathered>();
    const gatheredFor = (name: string) => {
      let entry = gathered.get(name);
      if (!entry) gathered.set(name, (entry = { evidence: [], pages: new PageSet() }));
      return entry;
    };
    const note = (name: string, kind: TechnologyEvidenceKind, value: string, pages: (PageSet | undefined)[]) => {
      const entry = gatheredFor(name);
      if (entry.evidence.length < MAX_EVIDENCE && !entry.evidence.some((e) => e.kind === kind && e.value === value))
        entry.evidence.push({ kind, value });
      for (const set of pages) if (set) entry.pages.addAll(set);
    };
    for (const detection of detections) noteDetection(detection, seen, home, note);

    const technologies = new Map<string, DetectedTechnology>();
    for (const found of resolved) {
      const entry = gathered.get(found.name);
      technologies.set(found.name, {
        name: found.name,
        version: cleanVersion(found.version),
        categories: found.categories.map((category) => category.name),
        website: found.website,
        cpe: found.cpe,
        confidence: found.confidence,
        evidence: entry?.evidence ?? [],
        pages: entry?.pages.first ?? [],
        pagesTotal: entry?.pages.total ?? 0,
        endOfLife: null,
      });
    }
    addImplied(technologies, detections);
    addLibraries(index, technologies);
    for (const technology of technologies.values()) technology.endOfLife = endOfLifeOf(technology);
    return [...technologies.values()].sort((a, b) => a.name.localeCompare(b.name));
  });
}

type Note = (name: string, kind: TechnologyEvidenceKind, value: string, pages: (PageSet | undefined)[]) => void;

/** Records what a detection matched, named the way a reader recognises it, and the pages that showed it. */
function noteDetection(detection: Detection, seen: ReturnType<typeof gather>, home: string, note: Note): void {
  const name = detection.technology.name;
  const { type, value, match } = detection.pattern;
  switch (type) {
    case 'headers':
    case 'meta':
    case 'cookies': {
      const found = seen[type].find(value);
      const kind = type === 'headers' ? 'header' : type === 'meta' ? 'meta' : 'cookie';
      for (const label of found.labels) note(name, kind, label, found.pages);
      break;
    }
    case 'scriptSrc':
      note(name, 'script', value, [seen.scripts.values.get(value)]);
      break;
    case 'scripts':
      for (const [url, banner] of seen.banners)
        if (match && banner.includes(match)) note(name, 'script', `${url} (banner)`, [seen.scripts.values.get(url)]);
      break;
    case 'html':
      for (const [url, pages] of seen.stylesheets.values)
        if (match && (stylesheetTag(url).includes(match) || match.includes(url))) note(name, 'stylesheet', url, [pages]);
      break;
    case 'url':
      note(name, 'url', home, []);
      break;
  }
}

/** A technology present because another implies it (WordPress → PHP): its evidence names the one that did. */
function addImplied(technologies: Map<string, DetectedTechnology>, detections: Detection[]): void {
  const implying = new Map<string, string[]>();
  const found = new Set(detections.map((detection) => detection.technology.name));
  const visit = (name: string, by: { name: string; implies: { name: string }[] }) => {
    for (const implied of by.implies) {
      const list = implying.get(implied.name) ?? [];
      if (!list.includes(name)) implying.set(implied.name, [...list, name]);
    }
  };
  for (const detection of detections)
    if (found.has(detection.technology.name)) visit(detection.technology.name, detection.technology);
  for (const [name, technology] of technologies) {
    if (technology.evidence.length > 0) continue;
    const by = implying.get(name) ?? [];
    const source = by.map((other) => technologies.get(other)).find(Boolean);
    technology.evidence = by.map((other) => ({ kind: 'implied' as const, value: other }));
    if (source) {
      technology.pages = source.pages;
      technology.pagesTotal = source.pagesTotal;
    }
  }
}

/**
 * Libraries the fingerprints cannot see but the crawl did: by their globals in the rendered page, or by the
 * vulnerability data's matchers (a banner, a file name). A technology already found gets the version they
 * show when it had none.
 */
function addLibraries(index: CrawlIndex, technologies: Map<string, DetectedTechnology>): void {
  const add = (
    name: string,
    version: string | null,
    evidence: TechnologyEvidence[],
    pages: { first: InventoryPageRef[]; total: number },
  ) => {
    const fingerprint = fingerprintNameLike(name);
    const key = fingerprint ?? name;
    const known = technologies.get(key);
    if (known) {
      known.version ??= version;
      for (const item of evidence)
        if (known.evidence.length < MAX_EVIDENCE && !known.evidence.some((e) => e.kind === item.kind && e.value === item.value))
          known.evidence.push(item);
      if (known.pagesTotal === 0) Object.assign(known, { pages: pages.first, pagesTotal: pages.total });
      return;
    }
    const data = fingerprint ? fingerprintNamed(fingerprint) : null;
    technologies.set(key, {
      name: key,
      version,
      categories: data?.categoryNames ?? ['JavaScript libraries'],
      website: data?.website ?? null,
      cpe: data?.cpe ?? null,
      confidence: 100,
      evidence,
      pages: pages.first,
      pagesTotal: pages.total,
      endOfLife: null,
    });
  };
  const globals = new Map<string, { version: string | null; pages: PageSet }>();
  for (const page of index.htmlPages)
    for (const library of page.browser?.libraries ?? []) {
      const key = library.name.replace(/ \(Fast path\)$/, '');
      const entry = globals.get(key) ?? { version: null, pages: new PageSet() };
      entry.version ??= cleanVersion(library.version);
      entry.pages.add(page);
      globals.set(key, entry);
    }
  for (const [name, { version, pages }] of globals) add(name, version, [{ kind: 'global', value: name }], pages);
  for (const library of detectLibraries(index))
    add(library.component, library.version, libraryEvidence(library), { first: library.pages, total: library.pagesTotal });
}

const libraryEvidence = (library: DetectedLibrary): TechnologyEvidence[] =>
  library.evidence.map((evidence) =>
    evidence.kind === 'global'
      ? { kind: 'global', value: evidence.source }
      : { kind: 'script', value: evidence.kind === 'banner' ? `${evidence.source} (banner)` : evidence.source },
  );

/** The vulnerability data's end-of-life notice for a technology it knows as a library, at the version seen. */
function endOfLifeOf(technology: DetectedTechnology): string | null {
  if (!technology.version) return null;
  const component = componentOfGlobal(technology.name, null);
  return component ? advisoriesFor(component, technology.version).endOfLife : null;
}
