import { readFileSync } from 'node:fs';
import { DATA_PACKAGES } from './data-sources';
import { normaliseName } from './fingerprints';

/** Libraries kept per page, and how long the detector's tests may take in all (some wait on the page). */
export const MAX_PAGE_LIBRARIES = 50;
const DETECTION_DEADLINE_MS = 1500;

let prefix: string | null = null;
let source: string | null = null;
let names: LibraryGlobalNames | null = null;

const detectorSource = () =>
  (source ??= readFileSync(require.resolve(`${DATA_PACKAGES['library globals'].package}/library/libraries.js`), 'utf8'));

/**
 * A page's own globals as plain data, for the detector to read: a string, number, boolean or null as it is;
 * an object (`f` when it is a function) with the properties read of it, in `p`. Nothing in it runs.
 */
export type MirroredValue = string | number | boolean | null | { f?: true; p: Record<string, MirroredValue> };

export interface LibraryGlobalNames {
  /** The globals js-library-detector's tests read (`win.jQuery` …), standard ones left out. */
  globals: string[];
  /** The property names its tests read anywhere (`fn`, `jquery`, `version` …): the ones worth following. */
  properties: Set<string>;
}

/** Globals the tests read that every window has: the detector's own world gives those. */
const STANDARD_GLOBALS = new Set(['document', 'navigator', 'Array']);

/** What the detector's tests read, from its source text (not run). */
export function libraryGlobalNames(): LibraryGlobalNames {
  if (!names) {
    const text = detectorSource();
    const globals = new Set<string>();
    for (const [, name] of text.matchAll(/\bwin\.([A-Za-z_$][\w$]*)/g)) globals.add(name!);
    for (const [, name] of text.matchAll(/\bwin\[['"]([^'"]{1,100})['"]\]/g)) globals.add(name!);
    for (const name of STANDARD_GLOBALS) globals.delete(name);
    const properties = new Set<string>();
    for (const [, name] of text.matchAll(/\.([A-Za-z_$][\w$]*)/g)) properties.add(name!);
    names = { globals: [...globals], properties };
  }
  return names;
}

/**
 * The source the worker evaluates in an isolated world of a rendered page (its own JavaScript world: the
 * page's DOM, none of its scripts' globals or changes to built-ins) to name the libraries the page exposes
 * through their globals (`jQuery.fn.jquery`, `Handlebars.VERSION` …): js-library-detector's tests (the ones
 * Lighthouse runs), all at once, each result kept as `{ name, version, npm }`, whatever finished within the
 * deadline. The tests read `win`: the detector's own window (so the DOM), with the page's globals as the
 * worker read them as data (`globals`, see MirroredValue) laid over it. Neither the page's `Promise.race`
 * nor any other of its functions runs here, so it can neither stall the deadline nor rewrite the results;
 * what it can still do is expose data that reads like a library, as a banner or a file name can.
 */
export function libraryDetectorIn(globals: Record<string, MirroredValue>): string {
  if (!prefix) {
    prefix = `(async (mirrored) => {
${detectorSource()}
const tests = d41d8cd98f00b204e9800998ecf8427e_LibraryDetectorTests;
const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
const rebuild = (value) => {
  if (value === null || typeof value !== 'object') return value;
  const made = value.f ? function () {} : {};
  for (const key of Object.keys(value.p)) {
    try {
      Object.defineProperty(made, key, { value: rebuild(value.p[key]), writable: true, enumerable: true, configurable: true });
    } catch (e) {}
  }
  return made;
};
const page = {};
for (const name of Object.keys(mirrored)) if (!(name in window)) page[name] = rebuild(mirrored[name]);
const win = new Proxy(window, {
  get: (target, key) => (own(page, key) ? page[key] : Reflect.get(target, key)),
  has: (target, key) => own(page, key) || Reflect.has(target, key),
});
const found = [];
const short = (value, max) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : null);
const runs = Object.keys(tests).map(async (name) => {
  try {
    const result = await tests[name].test(win);
    if (result && found.length < ${MAX_PAGE_LIBRARIES})
      found.push({ name: short(name, 100), version: short(result.version, 40), npm: short(tests[name].npm, 100) });
  } catch (e) {}
});
await Promise.race([Promise.all(runs), new Promise((resolve) => setTimeout(resolve, ${DETECTION_DEADLINE_MS}))]);
return found.slice();
})(`;
  }
  // JSON is a JavaScript expression: the page's strings arrive as string literals, never as code.
  return `${prefix}${JSON.stringify(globals)})`;
}

let npmByName: Map<string, string> | null = null;

/**
 * The npm package of a library by its name, as js-library-detector's tests name them (`'Lo-Dash': { …
 * npm: 'lodash' …`): read from its source text, not run. For the package URL of a library the
 * vulnerability data names without one ("bootstrap", "handlebars").
 */
export function npmOfLibrary(name: string): string | null {
  if (!npmByName) {
    npmByName = new Map();
    for (const [, library, npm] of detectorSource().matchAll(/^\s{4}'([^']+)':\s*\{[^}]*?\bnpm:\s*'([^']+)'/gm))
      if (!npmByName.has(normaliseName(library!))) npmByName.set(normaliseName(library!), npm!);
  }
  return npmByName.get(normaliseName(name)) ?? null;
}
