import { readFileSync } from 'node:fs';
import { DATA_PACKAGES } from './data-sources';

/** Libraries kept per page, and how long the detector's tests may take in all (some wait on the page). */
export const MAX_PAGE_LIBRARIES = 50;
const DETECTION_DEADLINE_MS = 1500;

let script: string | null = null;

/**
 * The source the worker evaluates in a rendered page to read the libraries it exposes through their own
 * globals (`jQuery.fn.jquery`, `Handlebars.VERSION` …): js-library-detector's tests (the ones Lighthouse
 * runs), all at once, each result kept as `{ name, version, npm }`, whatever finished within the deadline.
 * Its declarations stay inside a function, so the page's own globals are not touched. The page may lie;
 * what it says is only kept as short strings, and versions that do not read like versions are dropped later.
 */
export function libraryDetectorScript(): string {
  if (!script) {
    const source = readFileSync(require.resolve(`${DATA_PACKAGES['library globals'].package}/library/libraries.js`), 'utf8');
    script = `(async () => {
${source}
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
