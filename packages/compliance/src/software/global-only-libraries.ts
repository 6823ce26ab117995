import type { BrowserFacts } from '../input';
import { cleanVersion } from './page-refs';
import { componentOfGlobal, libraryInBanner, libraryInScriptUrl } from './retire';

/**
 * The libraries (`component@version`) a browser reading of a page saw by their globals alone: neither the
 * URL of a script the page's HTML references nor the first bytes of one of those scripts (what the http
 * method reads with a ranged request) show them. The adaptive method reads a page over HTTP where this is
 * empty, since the assessment would find the same libraries there.
 */
export function librariesOnlyAsGlobals(browser: BrowserFacts, htmlScripts: readonly string[]): string[] {
  const referenced = new Set(htmlScripts);
  const visible = new Set<string>();
  for (const url of referenced)
    for (const { match } of libraryInScriptUrl(url)) visible.add(`${match.component}@${match.version}`);
  for (const script of browser.scripts ?? [])
    if (referenced.has(script.url))
      for (const match of libraryInBanner(script.banner)) visible.add(`${match.component}@${match.version}`);
  const hidden = new Set<string>();
  for (const library of browser.libraries ?? []) {
    const version = cleanVersion(library.version);
    const component = version ? componentOfGlobal(library.name, library.npm) : null;
    if (component && version && !visible.has(`${component}@${version}`)) hidden.add(`${component}@${version}`);
  }
  return [...hidden];
}
