import { matchFingerprints } from './fingerprints';
import { retireRepository } from './retire';

/**
 * Reads the data shipped in packages (Retire.js advisories, about 7 500 technology fingerprints and their
 * patterns' literals) now rather than on a crawl's first assessment: parsing them takes most of a second,
 * longer on a busy machine. The assessment thread does it when it starts, before its first crawl arrives.
 */
export function warmUpSoftwareData(): void {
  retireRepository();
  matchFingerprints({});
}
