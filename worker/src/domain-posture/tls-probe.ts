import 'reflect-metadata'; // @peculiar/x509 resolves its parsers through tsyringe, which needs it loaded first.
import { TLS_VERSIONS, type CertificateFacts, type OriginTlsFacts, type TlsVersion } from '@vendorwatch/compliance';
import { type AddressGuard, findSsrfRefusal } from '@vendorwatch/runtime';
import { X509Certificate } from '@peculiar/x509';
import { isIP } from 'node:net';
import tls, { type DetailedPeerCertificate } from 'node:tls';

export interface TlsProbeOptions {
  guard: AddressGuard;
  timeoutMs: number;
  /** Certificates to trust besides the system's (tests make their own CA). */
  ca?: string[];
  /** The crawl's posture deadline (its budget, the job's cancel or shutdown): handshakes stop with it. */
  signal?: AbortSignal;
}

/** Said of an origin the posture's deadline left unread: no evidence about it either way. */
export const TLS_NOT_READ = 'not read: the posture read was stopped (out of time or cancelled)';

/**
 * Security level 0 lets this machine's OpenSSL offer TLS 1.0/1.1 and accept 1024-bit keys and SHA-1
 * signatures: the probe must complete a handshake with a weak server to report what is weak about it.
 */
const PERMISSIVE_CIPHERS = 'DEFAULT@SECLEVEL=0';
/** OpenSSL's own refusals to offer a version (built without it, or policy): the version could not be tried. */
const CLIENT_CANNOT_OFFER =
  /NO_PROTOCOLS_AVAILABLE|no protocols available|UNSUPPORTED_PROTOCOL.*ssl_choose_client_version|version too low/i;

type Handshake = { socket: tls.TLSSocket } | { error: Error };

/**
 * The TLS of one HTTPS origin: its certificate (read with verification on but not enforced, so a bad
 * one is reported) and each protocol version offered alone. Every connection resolves the host
 * through the assessment's resolver and passes the SSRF guard, as crawl requests do.
 */
export class TlsProbe {
  constructor(private readonly options: TlsProbeOptions) {}

  async probe(origin: string): Promise<OriginTlsFacts> {
    const url = new URL(origin);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || 443);
    const facts: OriginTlsFacts = { origin, host, port, error: null, certificate: null, protocols: [] };
    const first = await this.handshake(host, port, {});
    if ('error' in first) {
      facts.error = findSsrfRefusal(first.error)?.message ?? first.error.message;
      return facts;
    }
    facts.certificate = certificateFacts(host, first.socket);
    first.socket.destroy();
    for (const version of TLS_VERSIONS) facts.protocols.push(await this.tryVersion(host, port, version));
    return facts;
  }

  private async tryVersion(host: string, port: number, version: TlsVersion): Promise<OriginTlsFacts['protocols'][number]> {
    const result = await this.handshake(host, port, { minVersion: version, maxVersion: version });
    if ('socket' in result) {
      result.socket.destroy();
      return { version, accepted: true, detail: null };
    }
    if (result.error.message === TLS_NOT_READ) return { version, accepted: null, detail: `${version} ${TLS_NOT_READ}` };
    const message = `${(result.error as { code?: string }).code ?? ''} ${result.error.message}`;
    if (CLIENT_CANNOT_OFFER.test(message) && !/alert/i.test(message))
      return { version, accepted: null, detail: `this machine's OpenSSL cannot offer ${version}` };
    return { version, accepted: false, detail: null };
  }

  private handshake(
    host: string,
    port: number,
    versions: { minVersion?: TlsVersion; maxVersion?: TlsVersion },
  ): Promise<Handshake> {
    return new Promise((resolve) => {
      const signal = this.options.signal;
      if (signal?.aborted) return resolve({ error: new Error(TLS_NOT_READ) });
      if (isIP(host)) {
        try {
          this.options.guard.assertLiteral(host);
        } catch (refusal) {
          return resolve({ error: refusal as Error });
        }
      }
      const socket = tls.connect({
        host,
        port,
        servername: isIP(host) ? undefined : host,
        lookup: this.options.guard.lookup,
        rejectUnauthorized: false,
        ciphers: PERMISSIVE_CIPHERS,
        minVersion: versions.minVersion ?? 'TLSv1',
        maxVersion: versions.maxVersion ?? 'TLSv1.3',
        ...(this.options.ca && { ca: [...tls.rootCertificates, ...this.options.ca] }),
      });
      const settle = (result: Handshake) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        if ('error' in result) socket.destroy();
        resolve(result);
      };
      const timer = setTimeout(
        () => settle({ error: new Error(`TLS handshake timed out after ${this.options.timeoutMs} ms`) }),
        this.options.timeoutMs,
      );
      const stop = () => settle({ error: new Error(TLS_NOT_READ) });
      signal?.addEventListener('abort', stop, { once: true });
      socket.once('secureConnect', () => settle({ socket }));
      socket.once('error', (error) => settle({ error }));
    });
  }
}

/** "CN=www.vendor.com, O=Vendor, C=DE". */
const nameOf = (fields: Record<string, string | string[]> | undefined) =>
  fields ? (['CN', 'O', 'C'] as const).flatMap((key) => (fields[key] ? [`${key}=${String(fields[key])}`] : [])).join(', ') : '';

function certificateFacts(host: string, socket: tls.TLSSocket): CertificateFacts | null {
  const peer = socket.getPeerCertificate(true) as DetailedPeerCertificate;
  if (!peer?.raw) return null;
  const parsed = new X509Certificate(peer.raw);
  const algorithm = parsed.signatureAlgorithm as { name: string; hash?: { name: string } };
  const publicKey = parsed.publicKey.algorithm as { name: string; modulusLength?: number; namedCurve?: string };
  // Node checks the name after the chain: a name mismatch alone means the chain itself was trusted.
  const chainTrusted = socket.authorized || String(socket.authorizationError) === 'ERR_TLS_CERT_ALTNAME_INVALID';
  const keyType = publicKey.name.startsWith('RSA')
    ? 'RSA'
    : publicKey.name === 'ECDSA' || publicKey.name === 'ECDH'
      ? 'EC'
      : publicKey.name;
  return {
    subject: nameOf(peer.subject as unknown as Record<string, string>),
    issuer: nameOf(peer.issuer as unknown as Record<string, string>),
    subjectAltNames: (peer.subjectaltname ?? '')
      .split(',')
      .map((entry) => entry.trim().replace(/^(DNS|IP Address):/, ''))
      .filter(Boolean),
    validFrom: new Date(peer.valid_from).toISOString(),
    validTo: new Date(peer.valid_to).toISOString(),
    trusted: chainTrusted,
    trustError: chainTrusted ? null : String(socket.authorizationError ?? 'chain not accepted'),
    coversHost: tls.checkServerIdentity(host, peer) === undefined,
    keyType,
    keyBits: keyType === 'RSA' ? (peer.bits ?? publicKey.modulusLength ?? null) : (peer.bits ?? null),
    signatureAlgorithm: `${algorithm.hash?.name ?? ''}${algorithm.hash ? ' with ' : ''}${algorithm.name}`,
    fingerprint256: peer.fingerprint256,
  };
}
