import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { certificateOf, domainPostureOf, originOf } from '../testing/domain-builders';
import { tlsKeyStrength } from './tls-key-strength';

const withCertificate = (facts: Parameters<typeof certificateOf>[0]) =>
  runCheck(
    tlsKeyStrength,
    crawlOf({
      domainPosture: domainPostureOf({ origins: [originOf('https://www.vendor.test', { certificate: certificateOf(facts) })] }),
    }),
  );

describe('tls-key-strength', () => {
  it('passes RSA 2048 with SHA-256, and ECDSA keys', () => {
    const result = withCertificate({});
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('Key RSA 2048-bit; signature sha256WithRSAEncryption; SHA-256 fingerprint AB:CD');
    expect(withCertificate({ keyType: 'EC', keyBits: 256, signatureAlgorithm: 'ecdsa-with-SHA256' }).outcome).toBe('pass');
  });

  it('fails an RSA key under 2048 bits and a SHA-1 signature', () => {
    expect(withCertificate({ keyBits: 1024 }).summary).toBe('https://www.vendor.test: an RSA key of 1024 bits');
    expect(withCertificate({ signatureAlgorithm: 'sha1WithRSAEncryption' }).outcome).toBe('fail');
  });
});
