import { assess, type DomainPostureFacts } from '@vendorwatch/compliance';
import { loadConfig } from '@vendorwatch/runtime';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { startDnsServer, TestCertificateAuthority, waitFor, type TestDnsServer } from '../../../test-support';
import { gathererOptionsOf } from './crawl-domain-posture.service';
import { DomainPostureGatherer, type DomainPostureGathererOptions } from './domain-posture-gatherer';

const LOCAL = { type: 'A' as const, data: '127.0.0.1' };
const txt = (record: string) => ({ type: 'TXT' as const, data: [record] });
/** The policy a tarpit drips, one byte every DRIP_MS: it would take minutes to arrive. */
const POLICY = `version: STSv1\r\nmode: enforce\r\nmx: mx.tarpit.test\r\nmax_age: 604800\r\n${'#'.repeat(200)}\r\n`;
const DRIP_MS = 800;

/** The email and domain checks of the facts, as the assessment judges them. */
function outcomes(facts: DomainPostureFacts): Record<string, string> {
  const { checks } = assess({
    jobId: 'job',
    vendorId: null,
    method: 'http',
    startUrl: 'https://www.tarpit.test/',
    site: { httpEntry: null, securityTxt: null },
    pages: [],
    domainPosture: facts,
  });
  return Object.fromEntries(checks.filter((check) => check.group === 'email_domain').map((c) => [c.checkId, c.outcome]));
}

/**
 * Issue #37 row 2: a vendor's MTA-STS policy server answers its headers, then one byte every 800 ms.
 * The posture read has one deadline over all of it — the job's signal (a cancel, a shutdown), the
 * fetch's own overall timeout, the crawl's budget — and what it leaves unread is "could not be
 * checked", never a failure.
 */
describe('the posture read stops at its deadline', () => {
  let dns: TestDnsServer;
  let policyServer: https.Server;
  let options: DomainPostureGathererOptions;
  const open = new Set<Socket>();
  let bytesSent = 0;

  beforeAll(async () => {
    dns = await startDnsServer({
      zone: {
        'tarpit.test': [txt('v=spf1 -all'), { type: 'MX', data: { preference: 10, exchange: 'mx.tarpit.test' } }],
        '_dmarc.tarpit.test': [txt('v=DMARC1; p=reject; rua=mailto:dmarc@tarpit.test')],
        '_mta-sts.tarpit.test': [txt('v=STSv1; id=20260101T000000')],
        'mx.tarpit.test': [LOCAL],
        'mta-sts.tarpit.test': [LOCAL],
      },
      silent: ['silent.test'],
    });
    const ca = await TestCertificateAuthority.create();
    policyServer = https.createServer(await ca.issue({ names: ['mta-sts.tarpit.test'] }), (request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.flushHeaders();
      let sent = 0;
      const drip = () => {
        if (response.destroyed || sent >= POLICY.length) return;
        response.write(POLICY[sent++]);
        bytesSent++;
        setTimeout(drip, DRIP_MS);
      };
      drip();
    });
    policyServer.on('secureConnection', (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) => policyServer.listen(0, '127.0.0.1', resolve));
    const config = loadConfig({ DNS_SERVERS: dns.address, DNS_QUERY_TIMEOUT_MS: '400', CRAWL_ALLOW_PRIVATE_NETWORKS: 'true' });
    options = {
      ...gathererOptionsOf(config),
      ca: [ca.certPem],
      mtaStsPort: (policyServer.address() as AddressInfo).port,
    };
  });
  afterAll(async () => {
    for (const socket of open) socket.destroy();
    policyServer?.close();
    await dns?.close();
  });

  it('a cancel during the read of a tarpit policy stops it: the policy is "could not be checked", the rest is judged', async () => {
    // Only the cancel can stop it here: the fetch's own timeout and the budget are far away.
    const gatherer = new DomainPostureGatherer({ ...options, connectTimeoutMs: 600_000, budgetMs: 600_000 });
    const job = new AbortController();
    const before = bytesSent;
    const reading = gatherer.gather({ startUrl: 'https://www.tarpit.test/', httpsOrigins: [] }, job.signal);
    await waitFor(async () => bytesSent >= before + 2, { timeoutMs: 30_000, what: 'the tarpit to have dripped two bytes' });
    job.abort('cancel');

    const facts = await reading;
    const policy = facts.domains[0]!.mtaStsPolicy!;
    expect(policy).toMatchObject({
      notRead: true,
      policy: null,
      error: expect.stringMatching(/^not read: the posture read was stopped/),
    });
    expect(outcomes(facts)).toMatchObject({ 'mta-sts': 'not_checked', spf: 'pass', dmarc: 'pass', mx: 'pass' });
    // The policy server's connection is given up, not left dripping into a forgotten request.
    await waitFor(async () => open.size === 0, { timeoutMs: 30_000, what: 'the tarpit connection to close' });
  });

  it('without a cancel, the fetch has one overall timeout: a policy still dripping then is "could not be checked"', async () => {
    const gatherer = new DomainPostureGatherer({ ...options, connectTimeoutMs: 3000, budgetMs: 600_000 });

    const facts = await gatherer.gather({ startUrl: 'https://www.tarpit.test/', httpsOrigins: [] });

    expect(facts.domains[0]!.mtaStsPolicy).toMatchObject({ notRead: true, error: 'not read within 3000 ms' });
    expect(outcomes(facts)['mta-sts']).toBe('not_checked');
  });

  it("the vendor's domains share one budget: those it leaves unread are 'could not be checked', never failures", async () => {
    // Each query to the silent domains waits 5 s for an answer that never comes; the budget is 1 s for all of them.
    const gatherer = new DomainPostureGatherer({ ...options, queryTimeoutMs: 5000, budgetMs: 1000 });

    const facts = await gatherer.gather({
      startUrl: 'https://www.silent.test/',
      domains: ['silent.test', 'a.silent.test', 'b.silent.test'],
      httpsOrigins: ['https://www.silent.test'],
    });

    expect(facts.domains.map((domain) => domain.dmarc)).toEqual(
      ['silent.test', 'a.silent.test', 'b.silent.test'].map((domain) => ({
        name: `_dmarc.${domain}`,
        type: 'TXT',
        status: 'unanswered',
        reason: 'not read in time (the posture read was stopped)',
      })),
    );
    const judged = outcomes(facts);
    expect(judged).toMatchObject(
      Object.fromEntries(['spf', 'dmarc', 'mx', 'mta-sts', 'tls-rpt', 'caa', 'dnssec'].map((c) => [c, 'not_checked'])),
    );
    expect(Object.values(judged)).not.toContain('fail');
    expect(facts.origins[0]).toMatchObject({
      certificate: null,
      error: expect.stringMatching(/^not read: the posture read was stopped/),
    });
  });
});
