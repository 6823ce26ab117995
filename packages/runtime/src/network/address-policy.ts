import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a crawler may connect to. Only global unicast passes: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), CGNAT, unspecified, multicast, broadcast and
 * reserved ranges are refused — also when an IPv4 address hides inside an IPv6 one.
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/**
 * Host names of cloud metadata services. They resolve to a metadata address where they exist, which
 * is refused anyway; refusing the name too covers a resolver that answers for them differently.
 */
const METADATA_HOST_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

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

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  try {
    // ipaddr.js reads `::127.0.0.1` as IPv4-mapped; the URL parser writes it as it is (::7f00:1).
    if (bare.includes(':') && bare.includes('.')) bare = new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** Why connecting to `address` is refused, or null when it is a public address. */
export function forbiddenAddressReason(address: string): string | null {
  const parsed = parse(address);
  if (!parsed) return `${address} is not an IP address`;
  const always = alwaysForbiddenReason(address);
  if (always) return always;
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

/**
 * Why `address` is refused even where private networks are allowed (a local demo): cloud metadata
 * and link-local addresses hand out the machine's credentials, and IPv4-compatible IPv6 (::/96) is
 * deprecated, so nothing legitimate uses it. Null when only the private-network rule applies.
 */
export function alwaysForbiddenReason(address: string): string | null {
  const parsed = parse(address);
  if (!parsed) return `${address} is not an IP address`;
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString()))
    return `${address} is a cloud metadata address`;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (isIPv4Compatible(v6)) return `${address} is an IPv4-compatible IPv6 address`;
    const embedded = embeddedIPv4(v6);
    if (embedded) {
      const reason = alwaysForbiddenReason(embedded.toString());
      return reason ? `${address} embeds ${reason}` : null;
    }
  }
  if (parsed.range() === 'linkLocal') return `${address} is ${RANGE_NAMES.linkLocal}`;
  return null;
}

/** Why a host name is refused before it is resolved, or null. */
export function forbiddenHostNameReason(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return METADATA_HOST_NAMES.has(name) ? `${hostname} is a cloud metadata host name` : null;
}

/** ::/96 other than :: and ::1 (which the ranges name as unspecified and loopback). */
function isIPv4Compatible(address: ipaddr.IPv6): boolean {
  const bytes = address.toByteArray();
  if (bytes.slice(0, 12).some((byte) => byte !== 0)) return false;
  const low = bytes.slice(12, 16);
  return !(low[0] === 0 && low[1] === 0 && low[2] === 0 && (low[3] === 0 || low[3] === 1));
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
