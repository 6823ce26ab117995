import { ConfigError, loadConfig } from './config';

describe('DNS configuration', () => {
  it('defaults to the system resolvers, a 3 s timeout per query and 500 queries per assessment', () => {
    expect(loadConfig({})).toMatchObject({ DNS_SERVERS: [], DNS_QUERY_TIMEOUT_MS: 3000, DNS_MAX_QUERIES_PER_ASSESSMENT: 500 });
  });

  it('reads DNS_SERVERS as comma-separated host:port, IPv6 in brackets', () => {
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53,192.0.2.53' }).DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '[::1]:53',
      '192.0.2.53',
    ]);
  });

  it('refuses a server that is not an address, naming the variable', () => {
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com:53' })).toThrow(ConfigError);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com:53' })).toThrow(
      /DNS_SERVERS\.0: must be a comma-separated list of host:port/,
    );
    expect(() => loadConfig({ DNS_QUERY_TIMEOUT_MS: '5' })).toThrow(/DNS_QUERY_TIMEOUT_MS/);
  });
});

describe('fair use: crawls running per user', () => {
  it("lets a workspace's whole vendor list run at once by default", () => {
    const config = loadConfig({});
    expect(config.CRAWLS_RUNNING_PER_USER).toBe(config.VENDORS_PER_USER);
  });
});
