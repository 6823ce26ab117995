import type { CrawlInventory } from '@vendorwatch/contracts';
import { indexOf } from './crawl-index';
import type { AssessedCrawl } from './input';
import { dataSources } from './software/data-sources';
import { detectLibraries } from './software/libraries';
import { detectTechnologies } from './software/technologies';
import { thirdPartiesOf } from './third-parties/parties';

/**
 * What a crawl shows a vendor's site runs and who it shares visitors with: its JavaScript libraries with
 * their advisories, its technologies, the companies behind its third-party hosts, and the data (with dates)
 * that named them. Pure: the same stored crawl and the same data give the same inventory.
 */
export function inventoryOf(crawl: AssessedCrawl): CrawlInventory {
  const index = indexOf(crawl);
  return {
    libraries: detectLibraries(index),
    technologies: detectTechnologies(index),
    thirdParties: thirdPartiesOf(index),
    dataSources: dataSources(),
  };
}
