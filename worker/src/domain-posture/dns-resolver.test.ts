import { startDnsServer, type TestDnsServer } from '../../../test-support';
import { DnsLookupError, DnsResolver, parseDnsServer } from './dns-resolver';

const LONG = Array.from({ length: 8 }, (_, i) => `record-${i}-${'x'.repeat(120)}`);

describe('the assessment resolver', () => {
  let dns: TestDnsServer;

  beforeAll(async () => {
    dns = await startDnsServer({
      zone: { 'big.test': LONG.map((data) => ({ type: 'TXT' as const, data })), 'host.test': [{ type: 'A', data: '192.0.2.7' }] },
      udpLimit: 512,
    });
  });
  afterAll(() => dns.close());

  // A local server answers at once; the timeout only has to hold on a loaded machine.
  const resolver = (maxQueries = 50) =>
    new DnsResolver({ servers: [parseDnsServer(dns.address)], timeoutMs: 10_000, maxQueries });

  it('asks again over TCP when the UDP answer is truncated, and answers a repeated question from its cache', async () => {
    const r = resolver();
    expect((await r.resolve('big.test', 'TXT')).map((strings) => (strings as string[]).join(''))).toEqual(LONG);
    expect(await r.resolve('big.test', 'TXT')).toHaveLength(8);
    expect(r.queryCount).toBe(1);
    // The server heard it twice: over UDP (truncated), then over TCP.
    expect(dns.questions.filter((q) => q === 'TXT big.test')).toHaveLength(2);
  });

  it('tells NXDOMAIN and NODATA from no answer, in node:dns codes', async () => {
    const r = resolver();
    await expect(r.query('missing.test', 'A')).rejects.toMatchObject({ code: 'ENOTFOUND', isAuthoritativeEmpty: true });
    await expect(r.query('host.test', 'MX')).rejects.toMatchObject({ code: 'ENODATA' });
    expect(await r.resolve('host.test', 'A')).toEqual(['192.0.2.7']);
  });

  it('refuses queries beyond its cap', async () => {
    const r = resolver(1);
    await r.query('host.test', 'A');
    const error = await r.query('host.test', 'AAAA').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DnsLookupError);
    expect(error).toMatchObject({ code: 'ECAPPED', isAuthoritativeEmpty: false });
  });

  it('reads host:port, [v6]:port and a bare address (port 53)', () => {
    expect(['127.0.0.1:5353', '[::1]:5300', '192.0.2.53', '::1'].map(parseDnsServer)).toEqual([
      { host: '127.0.0.1', port: 5353 },
      { host: '::1', port: 5300 },
      { host: '192.0.2.53', port: 53 },
      { host: '::1', port: 53 },
    ]);
  });
});
