import type { PortfolioThirdParties, ThirdParty, ThirdPartyConcentration } from '@vendorwatch/contracts';
import { TRACKER_CATEGORIES } from './classify';

/** One vendor's third parties, from its latest crawl inventory. */
export interface VendorThirdParties {
  vendorId: string;
  vendorName: string;
  thirdParties: readonly ThirdParty[];
}

/**
 * Across a portfolio of vendors: which third parties appear at how many of them (concentration — a
 * company behind many vendors is a single point of exposure for all of them), and which vendors send
 * their visitors to advertising, analytics, social or marketing services before consent. Vendors are
 * counted once per third party however many of its hosts or pages they use. Pure: the caller picks the
 * vendors (the workspace's, filtered) and loads each one's latest inventory.
 */
export function portfolioThirdParties(vendors: readonly VendorThirdParties[]): PortfolioThirdParties {
  const byKey = new Map<string, ThirdPartyConcentration>();
  const trackingBeforeConsent: PortfolioThirdParties['trackingBeforeConsent'] = [];
  const consentUnknown: PortfolioThirdParties['consentUnknown'] = [];
  for (const { vendorId, vendorName, thirdParties } of vendors) {
    for (const party of thirdParties) {
      let entry = byKey.get(party.key);
      if (!entry) {
        const { key, name, company, category, tracker } = party;
        byKey.set(key, (entry = { key, name, company, category, tracker, vendorCount: 0, vendorShare: 0, vendors: [] }));
      }
      if (!entry.vendors.some((vendor) => vendor.vendorId === vendorId)) entry.vendors.push({ vendorId, vendorName });
    }
    if (thirdParties.length > 0 && thirdParties.every((party) => party.requestedBeforeConsent === null)) {
      consentUnknown.push({ vendorId, vendorName });
      continue;
    }
    const early = thirdParties.filter((party) => party.requestedBeforeConsent && TRACKER_CATEGORIES.has(party.category));
    if (early.length > 0)
      trackingBeforeConsent.push({
        vendorId,
        vendorName,
        parties: early.map(({ key, name, company, category }) => ({ key, name, company, category })),
      });
  }
  const counted = vendors.length;
  const parties = [...byKey.values()].map((entry) => ({
    ...entry,
    vendorCount: entry.vendors.length,
    vendorShare: counted ? Math.round((entry.vendors.length * 1000) / counted) / 10 : 0,
  }));
  parties.sort((a, b) => b.vendorCount - a.vendorCount || a.name.localeCompare(b.name));
  return { vendorsCounted: counted, parties, trackingBeforeConsent, consentUnknown };
}
