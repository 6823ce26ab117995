import { matchFingerprints } from './fingerprints';
import { libraryDetectorIn, libraryGlobalNames } from './library-globals';
import { retireRepository } from './retire';

/**
 * Reads the data shipped in packages (Retire.js advisories, about 7 500 technology fingerprints, the
 * library-globals script) now rather than on a crawl's first assessment: parsing them blocks the thread
 * for most of a second, longer on a busy machine, and a worker must not do that while it holds job locks.
 */
export function warmUpSoftwareData(): void {
  retireRepository();
  matchFingerprints({});
  libraryDetectorIn({});
  libraryGlobalNames();
}
