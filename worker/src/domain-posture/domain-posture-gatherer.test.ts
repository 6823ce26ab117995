import { assess, type DomainPostureFacts, domainPostureSummary } from '@vendorwatch/compliance';
import type { CheckResult } from '@vendorwatch/contracts';
import { loadConfig } from '@vendorwatch/runtime';
import https from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { startDnsServer, TestCertificateAuthority, type TestDnsServer, type TestKeyPair, type Zone } from '../../../test-support';
import { gathererOptionsOf } from './crawl-domain-posture.service';
import { DomainPostureGatherer, type DomainPostureGathererOptions } from './domain-posture-gatherer';

const LOCAL = { type: 'A' as const, data: '127.0.0.1' };
/** TXT records; one longer than a DNS character-string (255 bytes) is sent as several strings, as zone files do. */
const txt = (...records: string[]) => records.map((record) => ({ type: 'TXT' as const, data: record.match(/.{1,255}/g)! }));

/**
 * The fixture domains:
 * - good.test: every record right (SPF -all within the limit, DMARC reject with reports, MX, MTA-STS in
 *   enforce mode served over HTTPS, TLS-RPT, CAA, DNSSEC keys and DS, a DKIM key for selector s1), and
 *   HTTPS hosts with good and bad certificates;
 * - weak.test: SPF ending in +all after 12 lookups, DMARC p=none, nothing else;
 * - empty.test: no records at all (NXDOMAIN);
 * - silent.test: its server never answers.
 */
function zone(): Zone {
  const weakIncludes = Array.from({ length: 12 }, (_, i) => `i${i + 1}.weak.test`);
  return {
    'good.test': [
      ...txt('v=spf1 ip4:192.0.2.10 include:_spf.good.test -all', 'site-verification=abc'),
      { type: 'MX', data: { preference: 10, exchange: 'mx1.good.test' } },
      { type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
      { type: 'DNSKEY', data: { flags: 257, algorithm: 13, key: Buffer.alloc(64, 7) } },
      { type: 'DS', data: { keyTag: 2371, algorithm: 13, digestType: 2, digest: Buffer.alloc(32, 9) } },
    ],
    '_spf.good.test': txt('v=spf1 ip4:198.51.100.0/24 -all'),
    '_dmarc.good.test': txt('v=DMARC1; p=reject; rua=mailto:dmarc@good.test'),
    '_mta-sts.good.test': txt('v=STSv1; id=20260101T000000'),
    '_smtp._tls.good.test': txt('v=TLSRPTv1; rua=mailto:tls-reports@good.test'),
    's1._domainkey.good.test': txt('v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'),
    'mx1.good.test': [LOCAL],
    'mta-sts.good.test': [LOCAL],
    ...Object.fromEntries(
      ['www', 'expired', 'selfsigned', 'wrongname', 'weakkey', 'sha1', 'legacy'].map((host) => [`${host}.good.test`, [LOCAL]]),
    ),
    'weak.test': txt(`v=spf1 ${weakIncludes.map((name) => `include:${name}`).join(' ')} +all`),
    ...Object.fromEntries(weakIncludes.map((name) => [name, txt('v=spf1 -all')])),
    '_dmarc.weak.test': txt('v=DMARC1; p=none'),
    // A name under a public suffix whose hosts resolve to loopback (read only when private networks are refused).
    'guarded.com': [{ type: 'MX', data: { preference: 10, exchange: 'mx1.good.test' } }],
    '_mta-sts.guarded.com': txt('v=STSv1; id=20260101T000000'),
    'mta-sts.guarded.com': [LOCAL],
    'www.guarded.com': [LOCAL],
    // An internal zone the operator's resolver answers.
    'corp.internal': [
      ...txt('v=spf1 ip4:10.1.2.3 -all'),
      { type: 'MX', data: { preference: 10, exchange: 'mail.corp.internal' } },
    ],
  };
}

interface Fixture {
  dns: TestDnsServer;
  ca: TestCertificateAuthority;
  servers: tls.Server[];
  /** Origins by name ("www" → https://www.good.test:port). */
  origins: Record<string, string>;
  mtaStsPort: number;
  /** Whether this machine's OpenSSL would serve TLS 1.0 (the legacy host is TLS 1.0 only). */
  tls10: boolean;
}

async function listen(server: tls.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function startFixture(): Promise<Fixture> {
  const dns = await startDnsServer({ zone: zone(), silent: ['silent.test'] });
  const ca = await TestCertificateAuthority.create();
  const servers: tls.Server[] = [];
  const origins: Record<string, string> = {};
  const serve = async (name: string, pair: TestKeyPair, options: tls.TlsOptions = {}) => {
    const server = tls.createServer({ ...pair, ...options }, (socket) => socket.end());
    servers.push(server);
    origins[name] = `https://${name}.good.test:${await listen(server)}`;
  };
  await serve('www', await ca.issue({ names: ['www.good.test'] }));
  await serve('expired', await ca.issue({ names: ['expired.good.test'], notBeforeDays: -400, notAfterDays: -2 }));
  await serve('selfsigned', await ca.issue({ names: ['selfsigned.good.test'], selfSigned: true }));
  await serve('wrongname', await ca.issue({ names: ['elsewhere.example'] }));
  await serve('weakkey', await ca.issue({ names: ['weakkey.good.test'], rsaBits: 1024 }), { ciphers: 'DEFAULT@SECLEVEL=0' });
  await serve('sha1', await ca.issue({ names: ['sha1.good.test'], hash: 'SHA-1', selfSigned: true }), {
    ciphers: 'DEFAULT@SECLEVEL=0',
  });
  let tls10 = true;
  try {
    await serve('legacy', await ca.issue({ names: ['legacy.good.test'] }), {
      minVersion: 'TLSv1',
      maxVersion: 'TLSv1',
      ciphers: 'DEFAULT@SECLEVEL=0',
    });
  } catch (error) {
    tls10 = false;
    // Said, never skipped silently: the platform's OpenSSL refuses to serve TLS 1.0.
    console.warn(`This platform's OpenSSL refuses TLS 1.0, so the TLS 1.0 server is not started: ${(error as Error).message}`);
  }
  const policy = await ca.issue({ names: ['mta-sts.good.test'] });
  const policyServer = https.createServer(policy, (request, response) => {
    if (request.url !== '/.well-known/mta-sts.txt') return response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/plain' })
      .end('version: STSv1\r\nmode: enforce\r\nmx: mx1.good.test\r\nmax_age: 604800\r\n');
  });
  servers.push(policyServer);
  return { dns, ca, servers, origins, mtaStsPort: await listen(policyServer), tls10 };
}

const byId = (checks: CheckResult[]) => Object.fromEntries(checks.map((check) => [check.checkId, check]));

/** The facts judged by the catalogue, as the worker stores and assesses them. */
function judged(facts: DomainPostureFacts) {
  const assessment = assess({
    jobId: 'job',
    vendorId: null,
    method: 'http',
    startUrl: 'https://www.good.test/',
    site: { httpEntry: null, securityTxt: null },
    pages: [],
    domainPosture: facts,
  });
  return byId(assessment.checks);
}

const EMAIL_CHECKS = ['spf', 'dmarc', 'mx', 'mta-sts', 'tls-rpt', 'dkim', 'dnssec', 'caa'];

describe("domain posture gathered through the operator's resolver", () => {
  let fixture: Fixture;
  let options: DomainPostureGathererOptions;

  beforeAll(async () => {
    fixture = await startFixture();
    // DNS_SERVERS points the product at the test's server, as an operator's configuration would.
    const config = loadConfig({
      DNS_SERVERS: fixture.dns.address,
      DNS_QUERY_TIMEOUT_MS: '400',
      CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    options = { ...gathererOptionsOf(config), ca: [fixture.ca.certPem], mtaStsPort: fixture.mtaStsPort };
  });
  afterAll(async () => {
    await fixture?.dns.close();
    for (const server of fixture?.servers ?? []) server.close();
  });

  const gather = (
    startUrl: string,
    extra: Partial<Parameters<DomainPostureGatherer['gather']>[0]> = {},
    overrides: Partial<DomainPostureGathererOptions> = {},
  ) => new DomainPostureGatherer({ ...options, ...overrides }).gather({ startUrl, httpsOrigins: [], ...extra });

  it('passes every email and domain check of a domain with every record right, with the records read as evidence', async () => {
    const facts = await gather('https://www.good.test/', { dkimSelectors: ['s1'] });
    expect(facts.domains.map((domain) => [domain.domain, domain.primary])).toEqual([['good.test', true]]);
    const checks = judged(facts);
    expect(Object.fromEntries(EMAIL_CHECKS.map((id) => [id, checks[id].outcome]))).toEqual(
      Object.fromEntries(EMAIL_CHECKS.map((id) => [id, 'pass'])),
    );
    expect(checks.spf.evidence.map((e) => e.detail)).toEqual([
      'TXT good.test: "v=spf1 ip4:192.0.2.10 include:_spf.good.test -all"',
      'SPF evaluation (mailauth): fail; 1 DNS lookup',
    ]);
    expect(checks.dmarc.evidence[0].detail).toBe('TXT _dmarc.good.test: "v=DMARC1; p=reject; rua=mailto:dmarc@good.test"');
    expect(checks['mta-sts'].evidence[1]).toEqual({
      url: `https://mta-sts.good.test:${fixture.mtaStsPort}/.well-known/mta-sts.txt`,
      pageId: null,
      detail: 'HTTP 200: version: STSv1\r\nmode: enforce\r\nmx: mx1.good.test\r\nmax_age: 604800\r\n',
    });
    expect(checks.dnssec.evidence.map((e) => e.detail)).toEqual([
      'DNSKEY good.test: flags 257, algorithm 13',
      'DS good.test: key tag 2371, algorithm 13, digest type 2',
    ]);
    expect(checks.caa.evidence[0].detail).toBe('CAA good.test: 0 issue "letsencrypt.org"');
    expect(domainPostureSummary(facts).mailSpoofable).toBe(false);
    // Every question went to the configured server.
    expect(fixture.dns.questions).toEqual(expect.arrayContaining(['TXT good.test', 'TXT _dmarc.good.test', 'DS good.test']));
  });

  it('fails +all after 12 lookups and warns on DMARC p=none: the mail can be spoofed', async () => {
    const facts = await gather('https://weak.test/');
    const checks = judged(facts);
    expect(checks.spf.outcome).toBe('fail');
    expect(checks.spf.summary).toBe('weak.test (primary): 12 DNS lookups, more than the 10 receivers follow');
    expect(facts.domains[0].spf).toMatchObject({ result: 'pass', lookups: 12 });
    expect(checks.dmarc.outcome).toBe('warn');
    expect(checks.dmarc.summary).toBe(
      'weak.test (primary): p=none: spoofed mail is still delivered, no aggregate reports requested (rua)',
    );
    expect(checks.mx.outcome).toBe('fail');
    expect(domainPostureSummary(facts).mailSpoofable).toBe(true);
  });

  it('fails each check of a domain with no records, saying so, and shows DKIM as not applicable without selectors', async () => {
    const checks = judged(await gather('https://www.empty.test/'));
    expect(Object.fromEntries(['spf', 'dmarc', 'mx', 'dnssec', 'caa'].map((id) => [id, checks[id].outcome]))).toEqual({
      spf: 'fail',
      dmarc: 'fail',
      mx: 'fail',
      dnssec: 'fail',
      caa: 'fail',
    });
    expect(checks.spf.summary).toBe('empty.test (primary): no SPF record');
    expect(checks.dmarc.evidence[0].detail).toBe('TXT _dmarc.empty.test: no record (NXDOMAIN)');
    // No MX: MTA-STS and TLS-RPT have no mail to protect.
    expect(checks['mta-sts'].outcome).toBe('not_applicable');
    expect(checks.dkim.outcome).toBe('not_applicable');
    expect(checks.dkim.summary).toMatch(/^No DKIM selectors are listed for this vendor/);
  });

  it('makes a domain whose server never answers "could not be checked", never a failure, and leaves it out of the rate', async () => {
    const facts = await gather('https://www.silent.test/', { dkimSelectors: ['s1'] });
    const checks = judged(facts);
    expect(Object.fromEntries(EMAIL_CHECKS.map((id) => [id, checks[id].outcome]))).toEqual(
      Object.fromEntries(EMAIL_CHECKS.map((id) => [id, 'not_checked'])),
    );
    expect(checks.dmarc.evidence[0].detail).toBe('TXT _dmarc.silent.test: no answer (timeout)');
    expect(domainPostureSummary(facts).mailSpoofable).toBeNull();
  });

  it('stops at the query cap: what is beyond it could not be checked', async () => {
    // good.test needs 12 queries (with its SPF include, the MTA-STS host's A and AAAA, the DKIM selector): 10 leave out DNSKEY and DS.
    const facts = await gather('https://www.good.test/', { dkimSelectors: ['s1'] }, { maxQueries: 10 });
    expect(facts.lookups).toEqual({ queries: 10, cap: 10 });
    expect(judged(facts).caa.outcome).toBe('pass');
    const checks = judged(facts);
    expect(checks.dnssec.outcome).toBe('not_checked');
    expect(checks.dnssec.evidence[0].detail).toBe('DNSKEY good.test: no answer (query cap reached)');
  });

  it("reads the TLS of every HTTPS origin on the vendor's domains: certificates, keys and protocol versions", async () => {
    const httpsOrigins = [...Object.values(fixture.origins), 'https://elsewhere.example:443'];
    const facts = await gather('https://www.good.test/', { httpsOrigins });
    // Only origins on the vendor's domains are probed.
    expect(facts.origins.map((origin) => origin.origin)).toEqual(Object.values(fixture.origins));
    const checks = judged(facts);
    const verdicts = (id: string) => checks[id].summary.split('; ');
    const at = (name: string) => fixture.origins[name];

    // One certificate check judges every origin, the start host's included, each in a sentence naming its host.
    expect(verdicts('tls-certificate')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Valid certificate for www\.good\.test until .* \(36[45] days after the crawl\)$/),
        expect.stringMatching(/^The certificate for expired\.good\.test expired on /),
        'Browsers refuse the certificate for selfsigned.good.test: it is self-signed: no certificate authority vouches for it (DEPTH_ZERO_SELF_SIGNED_CERT)',
        'Browsers refuse the certificate for wrongname.good.test: it is issued for another name (elsewhere.example) (ERR_TLS_CERT_ALTNAME_INVALID)',
      ]),
    );
    expect(checks['tls-certificate']).toMatchObject({ outcome: 'fail', group: 'tls', severity: 'critical' });
    expect(verdicts('tls-key-strength')).toEqual(
      expect.arrayContaining([
        `${at('weakkey')}: an RSA key of 1024 bits`,
        `${at('sha1')}: a SHA-1 with RSASSA-PKCS1-v1_5 signature`,
        `${at('www')}: RSA 2048-bit key, SHA-256 with RSASSA-PKCS1-v1_5`,
      ]),
    );
    const www = facts.origins.find((origin) => origin.origin === at('www'))!;
    expect(www.protocols.map((p) => [p.version, p.accepted])).toEqual([
      ['TLSv1', false],
      ['TLSv1.1', false],
      ['TLSv1.2', true],
      ['TLSv1.3', true],
    ]);
    if (fixture.tls10) {
      expect(verdicts('tls-protocols')).toContain(`${at('legacy')}: accepts TLSv1`);
      expect(checks['tls-protocols'].outcome).toBe('fail');
    } else {
      console.warn('TLS 1.0 acceptance was not tested: this platform cannot serve TLS 1.0');
    }
    expect(domainPostureSummary(facts).certificates.find((c) => c.origin === at('expired'))?.daysLeft).toBeLessThan(0);
  });

  it('refuses loopback for the MTA-STS fetch and the TLS handshakes unless private networks are allowed', async () => {
    const www = `https://www.guarded.com:${new URL(fixture.origins.www).port}`;
    const facts = await gather('https://www.guarded.com/', { httpsOrigins: [www] }, { allowPrivateNetworks: false });
    expect(facts.domains[0].mtaStsPolicy?.error).toMatch(
      /^Refused by the SSRF guard: mta-sts\.guarded\.com resolves to a loopback address/,
    );
    expect(facts.origins[0].error).toMatch(/^Refused by the SSRF guard: www\.guarded\.com resolves to a loopback address/);
    const checks = judged(facts);
    expect(checks['mta-sts'].outcome).toBe('fail');
    expect(checks['tls-protocols'].outcome).toBe('not_checked');
  });

  it('reads no domain under no public suffix unless private networks are allowed (issue 37 row 6)', async () => {
    const asked = fixture.dns.questions.length;
    // Listed before the API refused such names, and the default domain of a start URL on an internal host.
    const listed = await gather(
      'https://www.good.com/',
      { domains: ['corp.internal', 'api.svc.cluster.local'] },
      { allowPrivateNetworks: false },
    );
    const byDefault = await gather('https://intranet.corp.internal/', {}, { allowPrivateNetworks: false });
    for (const facts of [listed, byDefault]) expect(facts.domains).toEqual([]);
    expect(fixture.dns.questions.slice(asked).filter((question) => /internal|cluster\.local/.test(question))).toEqual([]);
    // An operator who allows private networks reads them, as crawling does.
    expect((await gather('https://intranet.corp.internal/')).domains[0]).toMatchObject({ domain: 'corp.internal' });
  });

  it('takes its defaults from the configuration: the system resolvers when DNS_SERVERS is unset', () => {
    const defaults = gathererOptionsOf(loadConfig({}));
    expect(defaults.servers.length).toBeGreaterThan(0);
    expect(defaults).toMatchObject({ queryTimeoutMs: 3000, maxQueries: 500, allowPrivateNetworks: false });
    expect(options.servers).toEqual([{ host: '127.0.0.1', port: fixture.dns.port }]);
  });
});
