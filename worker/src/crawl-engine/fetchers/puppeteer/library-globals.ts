import { libraryDetectorScript, MAX_PAGE_LIBRARIES, type PageLibrary } from '@vendorwatch/compliance';
import type { Page } from 'puppeteer';

/**
 * The libraries a rendered page exposes through their own globals (`jQuery.fn.jquery` and the like), read
 * by js-library-detector's tests in the page. What the page answers is untrusted: only short strings are
 * kept, and an error (a page that broke the detector) reads as nothing found.
 */
export async function readLibraryGlobals(page: Page): Promise<PageLibrary[]> {
  const found: unknown = await page.evaluate(libraryDetectorScript()).catch(() => []);
  if (!Array.isArray(found)) return [];
  return found.slice(0, MAX_PAGE_LIBRARIES).flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { name, version, npm } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name) return [];
    return [
      {
        name: name.slice(0, 100),
        version: typeof version === 'string' && version ? version.slice(0, 40) : null,
        npm: typeof npm === 'string' && npm ? npm.slice(0, 100) : null,
      },
    ];
  });
}
