import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a crawler may connect to. Only global unicast passes: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), CGNAT, unspecified, multicast, broadcast and
 * reserved ranges are refused — also when an IPv4 address hides inside an IPv6 one.
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  uniqueLocal: 'a private-network address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

/** Why connecting to `address` is refused, or null when it is a public address. */
export function forbiddenAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return `${address} is not an IP address`;
  }
  const normal = parsed.toNormalizedString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(parsed.toString()))
    return `${address} is a cloud metadata address`;
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) {
      const reason = forbiddenAddressReason(embedded.toString());
      return reason ? `${address} embeds ${reason}` : null;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return `${address} is ${RANGE_NAMES[range] ?? `a reserved address (${range})`}`;
}

/** The IPv4 address carried by IPv4-mapped, IPv4-translated, NAT64 (64:ff9b::/96) and 6to4 addresses. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const bytes = address.toByteArray();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  if (range === 'rfc6145' || range === 'rfc6052') return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  // Teredo obfuscates its client address; it is refused below as a non-unicast range.
  return null;
}

export const isIpLiteral = (host: string) => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
