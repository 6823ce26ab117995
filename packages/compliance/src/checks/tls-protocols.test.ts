import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { domainPostureOf, originOf } from '../testing/domain-builders';
import { tlsProtocols } from './tls-protocols';

const protocols = (tls10: boolean | null, tls11: boolean | null) => [
  { version: 'TLSv1' as const, accepted: tls10, detail: tls10 === null ? "this machine's OpenSSL cannot offer TLSv1" : null },
  { version: 'TLSv1.1' as const, accepted: tls11, detail: null },
  { version: 'TLSv1.2' as const, accepted: true, detail: null },
  { version: 'TLSv1.3' as const, accepted: true, detail: null },
];
const withOrigin = (origin: ReturnType<typeof originOf>) =>
  runCheck(tlsProtocols, crawlOf({ domainPosture: domainPostureOf({ origins: [origin] }) }));

describe('tls-protocols', () => {
  it('passes an origin refusing TLS 1.0 and 1.1, listing what each version got', () => {
    const result = withOrigin(originOf());
    expect(result.outcome).toBe('pass');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'TLSv1: refused',
      'TLSv1.1: refused',
      'TLSv1.2: accepted',
      'TLSv1.3: accepted',
    ]);
  });

  it('fails an origin that accepts TLS 1.0 or 1.1', () => {
    const result = withOrigin(originOf('https://legacy.vendor.test', { protocols: protocols(true, false) }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('https://legacy.vendor.test: accepts TLSv1');
  });

  it('says which versions this machine could not try, and is not checked when it could try neither', () => {
    const partly = withOrigin(originOf('https://www.vendor.test', { protocols: protocols(null, false) }));
    expect(partly.outcome).toBe('pass');
    expect(partly.summary).toContain("TLSv1 not tried (this machine's OpenSSL refuses it)");
    expect(withOrigin(originOf('https://www.vendor.test', { protocols: protocols(null, null) })).outcome).toBe('not_checked');
  });

  it('is not applicable without HTTPS origins, and not checked when no handshake could be made', () => {
    expect(runCheck(tlsProtocols, crawlOf({ domainPosture: domainPostureOf({ origins: [] }) })).outcome).toBe('not_applicable');
    expect(withOrigin(originOf('https://down.vendor.test', { error: 'connect ECONNREFUSED', certificate: null })).outcome).toBe(
      'not_checked',
    );
  });
});
