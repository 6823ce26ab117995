import type { StringAnswer } from 'dns-packet';
import type dns from 'node:dns';
import { DnsLookupError, type DnsResolver } from './dns-resolver';

/**
 * A `dns.lookup` that asks the assessment's resolver (A, then AAAA), so the TLS handshakes and the
 * MTA-STS fetch connect to the addresses the operator's DNS gives, each checked by the SSRF guard
 * that wraps it — and count against the same query cap.
 */
export function lookupThrough(resolver: DnsResolver): typeof dns.lookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    void (async () => {
      const addresses: dns.LookupAddress[] = [];
      let failure: DnsLookupError | null = null;
      for (const [type, family] of [
        ['A', 4],
        ['AAAA', 6],
      ] as const) {
        try {
          for (const answer of await resolver.query(hostname, type))
            addresses.push({ address: (answer as StringAnswer).data, family });
        } catch (error) {
          if (!(error instanceof DnsLookupError)) throw error;
          failure ??= error;
        }
      }
      if (addresses.length) return callback(null, addresses);
      const code = failure?.isAuthoritativeEmpty ? 'ENOTFOUND' : (failure?.code ?? 'ENOTFOUND');
      callback(Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname }), []);
    })().catch((error: Error) => callback(error, []));
  }) as unknown as typeof dns.lookup;
}
