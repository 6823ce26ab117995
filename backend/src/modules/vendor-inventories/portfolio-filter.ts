import type { PortfolioQuery, PortfolioThirdParties, ThirdPartyConcentration } from '@vendorwatch/contracts';

const matchesSearch = (party: Pick<ThirdPartyConcentration, 'name' | 'company' | 'key'>, search: string) =>
  [party.name, party.company ?? '', party.key].some((text) => text.toLowerCase().includes(search));

/**
 * The portfolio narrowed to a category, to trackers (or to what is not one) and to a search text on
 * name, company or key. The vendor filter is applied before (it decides which vendors are counted);
 * this keeps `vendorsCounted`, so shares stay shares of the whole portfolio.
 */
export function filterPortfolio(portfolio: PortfolioThirdParties, query: PortfolioQuery): PortfolioThirdParties {
  const search = query.q?.toLowerCase();
  const keep = (party: { category: string; tracker?: boolean; name: string; company: string | null; key: string }) =>
    (!query.category || party.category === query.category) &&
    (query.trackers === undefined || party.tracker === undefined || party.tracker === query.trackers) &&
    (!search || matchesSearch(party, search));
  // A vendor's trackers before consent are trackers by definition: "not trackers" leaves none.
  const trackingBeforeConsent =
    query.trackers === false
      ? []
      : portfolio.trackingBeforeConsent
          .map((vendor) => ({ ...vendor, parties: vendor.parties.filter(keep) }))
          .filter((vendor) => vendor.parties.length > 0);
  return { ...portfolio, parties: portfolio.parties.filter(keep), trackingBeforeConsent };
}
