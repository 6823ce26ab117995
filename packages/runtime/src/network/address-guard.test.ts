import dns from 'node:dns';
import { AddressGuard } from './address-guard';
import { alwaysForbiddenReason, forbiddenAddressReason } from './address-policy';

/** Resolves the names a test needs without the network; other names do not exist. */
const fakeDns = (answers: Record<string, string>): typeof dns.lookup =>
  ((host: string, _options: unknown, callback: (e: Error | null, a: unknown) => void) => {
    const address = answers[host];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as unknown as typeof dns.lookup;

const refusal = async (guard: AddressGuard, host: string) => {
  try {
    await guard.check(host);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('address guard', () => {
  const names = fakeDns({
    'metadata.internal.test': '169.254.169.254',
    'v6-metadata.test': 'fd00:ec2::254',
    'router.test': '192.168.1.1',
    'public.test': '93.184.216.34',
  });

  it('refuses IPv4-compatible IPv6 (::/96), which older stacks route to the embedded IPv4 address', () => {
    for (const address of ['::7f00:1', '::127.0.0.1', '::a9fe:a9fe', '::808:808'])
      expect([address, forbiddenAddressReason(address)]).toEqual([address, expect.stringContaining('IPv4-compatible')]);
  });

  it('with private networks allowed (a local demo), still refuses link-local, cloud metadata and ::/96', async () => {
    const guard = new AddressGuard(true, names);
    for (const host of [
      '169.254.169.254',
      '169.254.1.1',
      'fe80::1',
      '[fe80::1]',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::7f00:1',
    ])
      expect([host, await refusal(guard, host)]).toEqual([host, expect.stringContaining('Refused by the SSRF guard')]);
    expect(await refusal(guard, 'metadata.internal.test')).toMatch(
      /metadata\.internal\.test resolves to a cloud metadata address$/,
    );
    expect(await refusal(guard, 'v6-metadata.test')).toMatch(/cloud metadata address$/);
    expect(await refusal(guard, 'metadata.google.internal')).toMatch(/metadata\.google\.internal is a cloud metadata host name$/);
    expect(() => guard.assertLiteral('169.254.169.254')).toThrow(/cloud metadata address$/);

    for (const host of ['127.0.0.1', '::1', '10.0.0.1', 'router.test', 'public.test', 'does-not-resolve.test'])
      expect([host, await refusal(guard, host)]).toEqual([host, null]);
  });

  it('the connecting lookup refuses a name resolving to a metadata address with private networks allowed', async () => {
    const guard = new AddressGuard(true, names);
    const error = await new Promise<Error | null>((resolve) =>
      guard.lookup('metadata.internal.test', { all: true }, (e) => resolve(e)),
    );
    expect(error?.message).toMatch(/cloud metadata address$/);
    const allowed = await new Promise<unknown>((resolve) => guard.lookup('router.test', {}, (_e, address) => resolve(address)));
    expect(allowed).toBe('192.168.1.1');
  });

  it('with private networks refused (the default), refuses loopback and private addresses too, naming the setting', async () => {
    const guard = new AddressGuard(false, names);
    expect(await refusal(guard, '127.0.0.1')).toMatch(/loopback address \(set CRAWL_ALLOW_PRIVATE_NETWORKS=true/);
    expect(await refusal(guard, 'router.test')).toMatch(/private-network address \(set CRAWL_ALLOW_PRIVATE_NETWORKS=true/);
    // The setting would not help: it is not suggested.
    expect(await refusal(guard, '169.254.169.254')).toMatch(/cloud metadata address$/);
    expect(await refusal(guard, 'public.test')).toBeNull();
  });

  it('names only metadata, link-local and ::/96 as always refused', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'fc00::1', '::', '8.8.8.8'])
      expect(alwaysForbiddenReason(address)).toBeNull();
  });
});
