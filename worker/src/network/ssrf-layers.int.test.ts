import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CRAWL_RUN_SETTINGS } from '@vendorwatch/contracts';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { PageFetchError } from '../crawl-engine/primitives/errors';
import { BrowserPool } from '../crawl-engine/fetchers/puppeteer/browser-pool';
import { PuppeteerFetcher } from '../crawl-engine/fetchers/puppeteer/puppeteer-fetcher';
import { HttpClient } from '../crawl-engine/fetchers/http/http-client';
import { HttpFetcher } from '../crawl-engine/fetchers/http/http-fetcher';
import type { InTurn } from '../crawl-engine/fetchers/fetcher';
import { AddressGuard, createGuardedAgent, forbiddenAddressReason } from '@vendorwatch/runtime';

/**
 * Each layer of the guard on its own, with a policy under which 127.0.0.2 plays "the public
 * internet" and 127.0.0.1 stays forbidden: a redirect, a DNS answer that changes between check
 * and connect (rebinding), and a subresource must all be refused.
 */
const policy = (address: string) => (address === '127.0.0.2' ? null : forbiddenAddressReason(address));

/** Answers `public.test` with 127.0.0.2; `rebind.test` with 127.0.0.2 once, then 127.0.0.1. */
function fakeDns(): typeof dns.lookup {
  let rebinds = 0;
  return ((host: string, options: unknown, callback: (e: Error | null, a: unknown) => void) => {
    const address =
      host === 'public.test' ? '127.0.0.2' : host === 'rebind.test' ? (rebinds++ === 0 ? '127.0.0.2' : '127.0.0.1') : null;
    if (!address) return dns.lookup(host, options as dns.LookupAllOptions, callback as never);
    callback(null, [{ address, family: 4 }]);
  }) as unknown as typeof dns.lookup;
}

describe('SSRF guard layers', () => {
  let site: FixtureSite;
  let publicServer: http.Server;
  let publicUrl: string;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    site = await startFixtureSite();
    publicServer = http.createServer((req, res) => {
      if (req.url === '/to-private') return res.writeHead(302, { location: `${site.url}/about` }).end();
      if (req.url === '/lib.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end('/*! lib v1 */');
      if (req.url === '/lib-to-private.js') return res.writeHead(302, { location: `${site.url}/moved.js` }).end();
      if (req.url === '/with-scripts') {
        const scripts = [`${site.url}/app.js`, `${publicUrl}/lib.js`, `${publicUrl}/lib-to-private.js`];
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<title>Scripts</title>${scripts.map((src) => `<script src="${src}"></script>`).join('')}`);
      }
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<title>Public</title><img src="${site.url}/images/map.png"><a href="/x">x</a>`);
    });
    await new Promise<void>((resolve) => publicServer.listen(0, '127.0.0.2', resolve));
    publicUrl = `http://public.test:${(publicServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await site.close();
    await new Promise((resolve) => publicServer.close(resolve));
  });

  it('address policy: loopback, private, link-local, CGNAT, multicast, reserved and embedded IPv4 are refused', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      'ff02::1',
    ]) {
      expect([address, forbiddenAddressReason(address)]).toEqual([address, expect.any(String)]);
    }
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::6810:85e5', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('HTTP client: checks every redirect hop and the address actually connected to', async () => {
    const agent = createGuardedAgent(new AddressGuard(false, fakeDns(), policy));
    const client = new HttpClient(agent);
    try {
      const ok = await client.open(`${publicUrl}/`, signal);
      expect(ok.statusCode).toBe(200);
      await ok.body.dump();
      await expect(client.open(`${publicUrl}/to-private`, signal)).rejects.toThrow(/127\.0\.0\.1 is a loopback address/);
      const port = new URL(publicUrl).port;
      const first = await client.open(`http://rebind.test:${port}/`, signal);
      expect(first.statusCode).toBe(200);
      await first.body.dump();
      // A new connection resolves again; now rebind.test answers 127.0.0.1 and the connect is refused.
      await agent.close();
      const fresh = createGuardedAgent(
        new AddressGuard(
          false,
          ((host: string, o: unknown, cb: (e: Error | null, a: unknown) => void) =>
            host === 'rebind.test'
              ? cb(null, [{ address: '127.0.0.1', family: 4 }])
              : dns.lookup(host, o as dns.LookupAllOptions, cb as never)) as unknown as typeof dns.lookup,
          policy,
        ),
      );
      await expect(new HttpClient(fresh).open(`http://rebind.test:${site.port}/about`, signal)).rejects.toBeInstanceOf(
        PageFetchError,
      );
      await fresh.close();
      expect(site.requests.map((r) => r.path)).not.toContain('/about');
    } finally {
      if (!agent.destroyed && !agent.closed) await agent.close();
    }
  });

  it("HTTP method's script banners: a script on a forbidden address is never requested, nor one a redirect sends there", async () => {
    const agent = createGuardedAgent(new AddressGuard(false, fakeDns(), policy));
    const fetcher = new HttpFetcher(new HttpClient(agent));
    // The crawl's host turns are not under test here: each request runs at once.
    const inTurn: InTurn = (_url, _signal, work) => work({ beforeRedirect: async () => 'follow' });
    try {
      const page = await fetcher.fetch(`${publicUrl}/with-scripts`, signal);
      await fetcher.readSubresources(page, inTurn, signal);
      expect(page.document!.facts.scriptBanners).toEqual([{ url: `${publicUrl}/lib.js`, banner: '/*! lib v1 */' }]);
      expect(site.requests.map((r) => r.path)).not.toEqual(expect.arrayContaining(['/app.js']));
      expect(site.requests.map((r) => r.path)).not.toEqual(expect.arrayContaining(['/moved.js']));
    } finally {
      await agent.close();
    }
  });

  it('Chromium: redirects, subresources and DNS rebinding are refused by interception and by the filtering proxy', async () => {
    const guard = new AddressGuard(false, fakeDns(), policy);
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard });
    const fetcher = new PuppeteerFetcher(pool, guard, {
      ...DEFAULT_CRAWL_RUN_SETTINGS,
      simulateHumanBehavior: false,
      waitTime: 0,
      takeScreenshots: true,
    });
    try {
      const page = await fetcher.fetch(`${publicUrl}/`, signal);
      expect(page).toMatchObject({ statusCode: 200, finalUrl: `${publicUrl}/` });
      expect(site.requestsFor('/images/map.png')).toHaveLength(0);

      await expect(fetcher.fetch(`${publicUrl}/to-private`, signal)).rejects.toThrow(/127\.0\.0\.1 is a loopback address/);
      expect(site.requestsFor('/about')).toHaveLength(0);
    } finally {
      await fetcher.close();
      await pool.close();
    }
  });

  it('Chromium: a host that rebinds to loopback after the check is refused by the proxy at connect time', async () => {
    // Interception's own check sees 127.0.0.2 (cached), the fetcher's check consumed the first answer:
    // only the proxy's connect-time lookup sees 127.0.0.1, and it refuses.
    let calls = 0;
    const lookup = ((host: string, options: unknown, callback: (e: Error | null, a: unknown) => void) => {
      if (host !== 'rebind.test') return dns.lookup(host, options as dns.LookupAllOptions, callback as never);
      callback(null, [{ address: calls++ < 2 ? '127.0.0.2' : '127.0.0.1', family: 4 }]);
    }) as unknown as typeof dns.lookup;
    const guard = new AddressGuard(false, lookup, policy);
    const pool = new BrowserPool({ executablePath: '/usr/bin/chromium', guard });
    const fetcher = new PuppeteerFetcher(pool, guard, {
      ...DEFAULT_CRAWL_RUN_SETTINGS,
      simulateHumanBehavior: false,
      waitTime: 0,
      takeScreenshots: false,
    });
    try {
      await expect(fetcher.fetch(`http://rebind.test:${site.port}/products`, signal)).rejects.toThrow(
        /rebind\.test resolves to a loopback address/,
      );
      expect(site.requestsFor('/products')).toHaveLength(0);
    } finally {
      await fetcher.close();
      await pool.close();
    }
  });
});
