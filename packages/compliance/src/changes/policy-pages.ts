import type { PolicyPageKind } from '@vendorwatch/contracts';

const BY_WORDING: [PolicyPageKind, RegExp][] = [
  ['dpa', /\bdpa\b|data[-_ ]processing|sub-?processors?|auftragsverarbeitung/i],
  ['privacy', /privacy|datenschutz|confidentialit|privacidad|gdpr/i],
  ['cookies', /cookie/i],
  ['terms', /terms|conditions|\btos\b|\bagb\b|nutzungsbedingungen|conditions-generales/i],
];

export interface PolicyPageCandidate {
  url: string;
  finalUrl?: string | null;
  title?: string | null;
}

/**
 * A page's policy kind: what the crawl's pages link it as (their privacy, terms and cookie links),
 * else what its address or title says. `linkedAs` maps a linked URL to the kind of link.
 */
export function policyPageKind(
  page: PolicyPageCandidate,
  linkedAs: ReadonlyMap<string, PolicyPageKind> = new Map(),
): PolicyPageKind | null {
  for (const url of [page.url, page.finalUrl]) {
    const kind = url ? linkedAs.get(url) : undefined;
    if (kind) return kind;
  }
  let path = page.url;
  try {
    path = new URL(page.url).pathname;
  } catch {
    // Not a URL: its text is read as it is.
  }
  const subject = `${path} ${page.title ?? ''}`;
  for (const [kind, pattern] of BY_WORDING) if (pattern.test(subject)) return kind;
  return null;
}

/** The policy links a crawl's pages make, by URL (first kind wins). */
export function policyLinksOf(
  documents: Iterable<{ policyLinks: { privacy: string[]; terms: string[]; cookies: string[] } } | null>,
): Map<string, PolicyPageKind> {
  const linked = new Map<string, PolicyPageKind>();
  for (const document of documents) {
    if (!document) continue;
    for (const kind of ['privacy', 'terms', 'cookies'] as const)
      for (const url of document.policyLinks[kind]) if (!linked.has(url)) linked.set(url, kind);
  }
  return linked;
}
