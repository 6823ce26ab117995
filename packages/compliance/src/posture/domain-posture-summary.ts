import { isEnforcing } from '../checks/dmarc';
import { certificateExpiries } from './certificate';
import type { DomainPostureFacts } from './domain-facts';

/**
 * What the dashboard and the alert rules read from a crawl's domain facts, decided by the same rules
 * as the checks: whether mail from the vendor's primary domain can be spoofed, and how many days each
 * HTTPS origin's certificate has left.
 */
export interface DomainPostureSummary {
  /** The primary domain (the registrable domain of the vendor's website unless the user chose another). */
  primaryDomain: string | null;
  /**
   * true when the primary domain has no DMARC enforcement (no record, several, p=none, or pct under
   * 100), so receivers deliver mail forged in its name; null when its DMARC lookup went unanswered.
   */
  mailSpoofable: boolean | null;
  /** Each HTTPS origin with a certificate, and its days to expiry counted from when the facts were read. */
  certificates: { origin: string; host: string; validTo: string; daysLeft: number }[];
}

export function mailSpoofable(posture: DomainPostureFacts): boolean | null {
  const primary = posture.domains.find((domain) => domain.primary);
  if (!primary || primary.dmarc.status === 'unanswered') return null;
  const tags = primary.dmarcRecord?.tags;
  return !tags || !isEnforcing(tags);
}

export function domainPostureSummary(posture: DomainPostureFacts): DomainPostureSummary {
  return {
    primaryDomain: posture.domains.find((domain) => domain.primary)?.domain ?? null,
    mailSpoofable: mailSpoofable(posture),
    certificates: certificateExpiries(posture),
  };
}
