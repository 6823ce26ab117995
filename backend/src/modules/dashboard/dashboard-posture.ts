import { domainPostureSummary, portfolioThirdParties, type DomainPostureFacts } from '@vendorwatch/compliance';
import { CERTIFICATE_EXPIRY_WARNING_DAYS, GRADE_LETTERS, type DashboardPosture } from '@vendorwatch/contracts';
import type { VendorInventoryRow } from '@vendorwatch/db';

const TOP_THIRD_PARTIES = 5;

/**
 * The dashboard's posture tiles from each vendor's latest inventory and that crawl's domain facts, by
 * the same rules as the checks (mailSpoofable, certificate expiries); a vendor whose facts are missing
 * or unanswered is unknown, never counted as spoofable.
 */
export function dashboardPostureOf(
  rows: readonly VendorInventoryRow[],
  factsByJob: ReadonlyMap<string, DomainPostureFacts>,
): DashboardPosture {
  const portfolio = portfolioThirdParties(
    rows.map((row) => ({ vendorId: row.vendorId!, vendorName: row.vendorName, thirdParties: row.thirdParties })),
  );
  const posture: DashboardPosture = {
    vendorsAssessed: rows.length,
    mailSpoofable: [],
    mailUnknown: 0,
    certificatesExpiring: { withinDays: CERTIFICATE_EXPIRY_WARNING_DAYS, certificates: [] },
    gradeDistribution: {
      ...Object.fromEntries(GRADE_LETTERS.map((letter) => [letter, 0])),
      ungraded: 0,
    } as DashboardPosture['gradeDistribution'],
    vulnerableLibraries: 0,
    vendorsWithVulnerableLibraries: 0,
    topThirdParties: portfolio.parties
      .slice(0, TOP_THIRD_PARTIES)
      .map(({ key, name, company, category, vendorCount, vendorShare }) => ({
        key,
        name,
        company,
        category,
        vendorCount,
        vendorShare,
      })),
  };
  for (const row of rows) {
    const vendor = { vendorId: row.vendorId!, vendorName: row.vendorName };
    posture.gradeDistribution[row.grades.overall.letter ?? 'ungraded']++;
    posture.vulnerableLibraries += row.vulnerableLibraries;
    if (row.vulnerableLibraries > 0) posture.vendorsWithVulnerableLibraries++;
    const facts = factsByJob.get(row.jobId);
    const summary = facts ? domainPostureSummary(facts) : null;
    if (summary?.mailSpoofable) posture.mailSpoofable.push({ ...vendor, primaryDomain: summary.primaryDomain });
    else if (summary?.mailSpoofable !== false) posture.mailUnknown++;
    for (const certificate of summary?.certificates ?? [])
      if (certificate.daysLeft <= CERTIFICATE_EXPIRY_WARNING_DAYS)
        posture.certificatesExpiring.certificates.push({ ...vendor, ...certificate });
  }
  posture.certificatesExpiring.certificates.sort((a, b) => a.daysLeft - b.daysLeft || a.host.localeCompare(b.host));
  return posture;
}
