import 'reflect-metadata'; // @peculiar/x509 needs it before it loads.
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import { isIP } from 'node:net';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export interface TestKeyPair {
  /** PEM, as node's TLS servers take them. */
  key: string;
  cert: string;
}

export interface LeafOptions {
  /** DNS names or IP addresses the certificate covers (subjectAltName); the first is also its CN. */
  names: string[];
  /** Days from now: negative for a certificate already expired. */
  notBeforeDays?: number;
  notAfterDays?: number;
  rsaBits?: number;
  hash?: 'SHA-256' | 'SHA-1';
  /** Signed by itself instead of the test CA (required with SHA-1). */
  selfSigned?: boolean;
}

const DAY_MS = 86_400_000;
const rsa = (bits: number, hash: string): webcrypto.RsaHashedKeyGenParams => ({
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: bits,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash,
});

async function pemKey(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END PRIVATE KEY-----\n`;
}

/**
 * A certificate authority made by the test, and the certificates it (or nobody) signs: valid, expired,
 * self-signed, for another name, with a 1024-bit key, signed with SHA-1 — made in process by
 * @peculiar/x509 on node's WebCrypto, so no OpenSSL command line or policy is involved.
 */
export class TestCertificateAuthority {
  private constructor(
    readonly certPem: string,
    private readonly keys: CryptoKeyPair,
    private readonly name: string,
  ) {}

  static async create(name = 'CN=Vendorwatch Test CA'): Promise<TestCertificateAuthority> {
    const keys = (await webcrypto.subtle.generateKey(rsa(2048, 'SHA-256'), true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      name,
      keys,
      notBefore: new Date(Date.now() - DAY_MS),
      notAfter: new Date(Date.now() + 3650 * DAY_MS),
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      ],
    });
    return new TestCertificateAuthority(cert.toString('pem'), keys, name);
  }

  async issue(options: LeafOptions): Promise<TestKeyPair> {
    const hash = options.hash ?? 'SHA-256';
    // WebCrypto binds a key to one hash: the CA's signs with SHA-256, so a SHA-1 certificate signs itself.
    if (hash !== 'SHA-256' && !options.selfSigned) throw new Error('A SHA-1 certificate must be self-signed here');
    const keys = (await webcrypto.subtle.generateKey(rsa(options.rsaBits ?? 2048, hash), true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const subject = `CN=${options.names[0]}`;
    const extensions = [
      new x509.SubjectAlternativeNameExtension(
        options.names.map((value) => ({ type: isIP(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
    ];
    const notBefore = new Date(Date.now() + (options.notBeforeDays ?? -30) * DAY_MS);
    const notAfter = new Date(Date.now() + (options.notAfterDays ?? 365) * DAY_MS);
    const signingAlgorithm = { name: 'RSASSA-PKCS1-v1_5', hash };
    const cert = options.selfSigned
      ? await x509.X509CertificateGenerator.createSelfSigned({
          name: subject,
          keys,
          notBefore,
          notAfter,
          extensions,
          signingAlgorithm,
        })
      : await x509.X509CertificateGenerator.create({
          subject,
          issuer: this.name,
          publicKey: keys.publicKey,
          signingKey: this.keys.privateKey,
          notBefore,
          notAfter,
          extensions,
          signingAlgorithm,
        });
    return { key: await pemKey(keys.privateKey), cert: cert.toString('pem') };
  }
}
