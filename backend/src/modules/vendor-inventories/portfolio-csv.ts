import { THIRD_PARTY_CATEGORY_LABELS, type PortfolioThirdParties } from '@vendorwatch/contracts';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormulas } from '../../common/spreadsheet-text';

export const PORTFOLIO_CSV_COLUMNS = [
  'Third party',
  'Company',
  'Category',
  'Tracker',
  'Vendors',
  'Share of vendors (%)',
  'Vendor names',
  'Requested before consent at',
] as const;

/** One line per third party, most vendors first; names come from crawled hosts, so no cell may start a formula. */
export function portfolioCsv(portfolio: PortfolioThirdParties): string {
  const beforeConsent = new Map<string, string[]>();
  for (const vendor of portfolio.trackingBeforeConsent)
    for (const party of vendor.parties)
      beforeConsent.set(party.key, [...(beforeConsent.get(party.key) ?? []), vendor.vendorName]);
  const rows = portfolio.parties.map((party) => [
    party.name,
    party.company ?? '',
    THIRD_PARTY_CATEGORY_LABELS[party.category] ?? party.category,
    party.tracker ? 'yes' : 'no',
    party.vendorCount,
    party.vendorShare,
    party.vendors.map((vendor) => vendor.vendorName).join('; '),
    (beforeConsent.get(party.key) ?? []).join('; '),
  ]);
  return stringify([[...PORTFOLIO_CSV_COLUMNS], ...rows], {
    bom: true,
    cast: { string: (value) => neutralizeFormulas(value) },
  });
}
