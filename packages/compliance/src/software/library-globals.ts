import { readFileSync } from 'node:fs';
import { DATA_PACKAGES } from './data-sources';
import { normaliseName } from './fingerprints';

/** Libraries kept per page, and how long the detector's tests may take in all (some wait on the page). */
export const MAX_PAGE_LIBRARIES = 50;
const DETECTION_DEADLINE_MS = 1500;

let script: string | null = null;
let source: string | null = null;

const detectorSource = () =>
  (source ??= readFileSync(require.resolve(`${DATA_PACKAGES['library globals'].package}/library/libraries.js`), 'utf8'));

/**
 * The source the worker evaluates in a rendered page to read the libraries it exposes through their own
 * globals (`jQuery.fn.jquery`, `Handlebars.VERSION` …): js-library-detector's tests (the ones Lighthouse
 * runs), all at once, each result kept as `{ name, version, npm }`, whatever finished within the deadline.
 * Its declarations stay inside a function, so the page's own globals are not touched. The page may lie;
 * what it says is only kept as short strings, and versions that do not read like versions are dropped later.
 */
export function libraryDetectorScript(): string {
  if (!script) {
    script = `(async () => {
${detectorSource()}
const tests = d41d8cd98f00b204e9800998ecf8427e_LibraryDetectorTests;
const found = [];
const short = (value, max) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : null);
const runs = Object.keys(tests).map(async (name) => {
  try {
    const result = await tests[name].test(window);
    if (result && found.length < ${MAX_PAGE_LIBRARIES})
      found.push({ name: short(name, 100), version: short(result.version, 40), npm: short(tests[name].npm, 100) });
  } catch (e) {}
});
await Promise.race([Promise.all(runs), new Promise((resolve) => setTimeout(resolve, ${DETECTION_DEADLINE_MS}))]);
return found.slice();
})()`;
  }
  return script;
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
