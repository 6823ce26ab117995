import tls from 'node:tls';
import { Agent, buildConnector } from 'undici';
import type { AddressGuard } from './address-guard';

/**
 * An undici keep-alive Agent whose every connection goes through the AddressGuard: host names
 * are resolved and checked in the socket's lookup, IP literals are checked before connecting.
 */
export function createGuardedAgent(
  guard: AddressGuard,
  /** `ca`: certificates to trust besides the system's (a test's own CA). */
  options: { connectTimeoutMs?: number; ca?: string[] } = {},
): Agent {
  const connect = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    lookup: guard.lookup,
    ...(options.ca && { ca: [...tls.rootCertificates, ...options.ca] }),
  } as buildConnector.BuildOptions);
  return new Agent({
    keepAliveTimeout: 10_000,
    connections: 64,
    connect(opts, callback) {
      try {
        guard.assertLiteral(opts.hostname);
      } catch (refusal) {
        return callback(refusal as Error, null);
      }
      connect(opts, callback);
    },
  });
}
