import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small vendor website on 127.0.0.1 for crawl tests, benchmarks and demos. It has links (with a
 * cycle), robots.txt (a Disallow, optional Crawl-delay, a Sitemap line), a sitemap listing a page
 * linked nowhere else, a 301→302 redirect chain, a 404, a 500, a page that 503s before it works,
 * a slow page, a PDF, pages for exclude patterns, off-site links, and a page with compliance
 * markers. Every request is logged with timestamps, so tests can check politeness and that no
 * URL was fetched twice. For the compliance checks it passes some and fails others on purpose
 * (FIXTURE_COMPLIANCE says which): security headers good and bad, cookies without their flags, a
 * server version disclosed, an analytics script, a security.txt, broken links, images without alt.
 */
export interface FixtureSiteOptions {
  /** robots.txt `Crawl-delay` in seconds (fractions allowed); none when undefined. */
  crawlDelaySeconds?: number;
  /** How long /slow takes to answer (default 300 ms). */
  slowMs?: number;
  /** How many times /flaky answers 503 (with Retry-After: 1) before it answers 200 (default 1). */
  flakyFailures?: number;
  /** Serve robots.txt (default true; false answers 404). */
  robots?: boolean;
  /** Adds /extra/1 … /extra/N, a chain linked from the home page, for longer crawls (default 0). */
  extraPages?: number;
}

export type FixtureSecurityHeaders = 'listed' | 'strict' | 'none';

export interface FixtureRequest {
  method: string;
  /** Path with query, as requested. */
  path: string;
  host: string;
  userAgent: string;
  startedAt: number;
  finishedAt: number | null;
  status: number | null;
}

export interface FixtureSite {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The same server under another host name, e.g. hostUrl('other.test') → http://other.test:PORT */
  hostUrl(name: string): string;
  requests: FixtureRequest[];
  /** Requests for one path (query included). */
  requestsFor(path: string): FixtureRequest[];
  /** How many times each path was requested. */
  requestCounts(): Record<string, number>;
  /**
   * Changes the site between crawls: serves `path` with this body (a function is called on every
   * request, so a page can carry a timestamp), or answers 404 for it with null.
   */
  setPage(path: string, title: string, body: string | (() => string) | null): void;
  /**
   * The security headers pages are served with: `listed` (the default, as FIXTURE_COMPLIANCE says: the CSP
   * allows unsafe-inline scripts), `strict` (a CSP without unsafe-inline, and a Permissions-Policy) or
   * `none`, as a site that lost them.
   */
  setSecurityHeaders(mode: FixtureSecurityHeaders): void;
  close(): Promise<void>;
}

/**
 * Pages a crawl of the home page stores when `/drafts/**` is excluded (robots.txt keeps out /private/):
 * each once, whatever spelling links to it (tracking parameters, a slash twin) and however it is
 * reached (the redirect chain's target is stored, with the chain, under its own URL).
 */
export const FIXTURE_CRAWLABLE_PATHS = [
  '/',
  '/about',
  '/products',
  '/products/widget',
  '/products/widget-c',
  '/contact',
  '/privacy',
  '/terms',
  '/new-page',
  '/missing',
  '/broken',
  '/flaky',
  '/slow',
  '/files/report.pdf',
  '/sitemap-only',
] as const;
export const FIXTURE_EXCLUDABLE_PATHS = ['/drafts/wip'] as const;
export const FIXTURE_DISALLOWED_PATHS = ['/private/secret'] as const;
/** The chain /old-page → 301 → /moved-page → 302 → /new-page; /about also links /new-page directly. */
export const FIXTURE_REDIRECT = { start: '/old-page', middle: '/moved-page', end: '/new-page' } as const;
/** Other spellings of fixture pages that links use: a crawl must never request them. */
export const FIXTURE_TWINS = ['/about?utm_source=newsletter&utm_medium=email', '/products/widget-c/'] as const;

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function page(title: string, body: string, description = `${title} — Example Vendor`): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${description}"></head><body>${body}</body></html>`;
}

export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const requests: FixtureRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let flakyLeft = options.flakyFailures ?? 1;
  let port = 0;
  const hostUrl = (name: string) => `http://${name}:${port}`;
  const extra = options.extraPages ?? 0;

  const pages: Record<string, () => string> = {
    '/': () =>
      page(
        'Example Vendor',
        `<header><a href="/about">About</a> <a href="/products">Products</a> <a href="/contact">Contact</a></header>
<main><h1>Welcome</h1>
<a href="/about?utm_source=newsletter&amp;utm_medium=email">About us (from the newsletter)</a>
<a href="/old-page">Old page</a> <a href="/missing">Missing</a> <a href="/broken">Broken</a> <a href="/flaky">Flaky</a>
<a href="/slow">Slow</a> <a href="/files/report.pdf">Report (PDF)</a> <a href="/private/secret">Secret</a>
<a href="/drafts/wip">Draft</a> <a href="${hostUrl('other.test')}/offsite">Partner</a> <a href="https://other.test/elsewhere">Elsewhere</a>
<a href="mailto:info@example.test">Mail</a> <a href="javascript:void(0)">Script</a> <a href="#top">Top</a> <a href="/about#team">Team</a>
${extra > 0 ? '<a href="/extra/1">More</a>' : ''}</main>
<footer><a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Service</a></footer>
<div id="cookie-consent-banner" class="cookie-banner">We use cookies to improve your experience. <button>Accept all cookies</button></div>
<script async src="https://www.google-analytics.com/analytics.js"></script>`,
      ),
    '/about': () =>
      page(
        'About us',
        `<a href="/">Home</a> <a href="/products">Products</a> <a href="/contact#form">Contact</a> <a href="/new-page">What's new</a>`,
      ),
    '/products': () =>
      page(
        'Products',
        `<a href="/products/widget">Widget</a> <a href="/products/widget-c">Widget C</a> <a href="/about">About</a>`,
      ),
    '/products/widget': () => page('Widget', `<a href="/products">All products</a>`, ''),
    // Served with and without the trailing slash; its relative link is right only on the form without.
    '/products/widget-c': () => page('Widget C', `<a href="widget">Compare with Widget</a>`),
    '/contact': () =>
      page(
        'Contact',
        `<img src="/images/map.png"><img src="/images/team.png"><img src="/images/logo.png" alt="Logo">
<a href="/">Home</a> <a href="/privacy">Privacy</a> <a href="/terms">Terms</a>`,
      ),
    '/privacy': () => page('Privacy Policy', `<a href="/">Home</a>`),
    '/terms': () => page('Terms of Service', `<a href="/">Home</a> <a href="/products/widget-c/">Widget C</a>`),
    '/sitemap-only': () => page('Only in the sitemap', `<a href="/">Home</a>`),
    '/new-page': () => page('New page', `<a href="/">Home</a>`),
    '/slow': () => page('Slow page', `<a href="/">Home</a>`),
    '/private/secret': () => page('Secret', 'robots.txt disallows this page'),
    '/drafts/wip': () => page('Draft', 'an exclude pattern keeps crawls away'),
  };
  for (let i = 1; i <= extra; i++)
    pages[`/extra/${i}`] = () => page(`Extra ${i}`, i < extra ? `<a href="/extra/${i + 1}">Next</a>` : 'The end');

  const removed = new Set<string>();
  const setPage = (path: string, title: string, body: string | (() => string) | null) => {
    if (body === null) {
      removed.add(path);
      return;
    }
    removed.delete(path);
    pages[path] = () => page(title, typeof body === 'function' ? body() : body);
  };

  let securityHeaders: FixtureSecurityHeaders = 'listed';
  const LISTED_HEADERS = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // unsafe-inline scripts without a nonce or hash: the CSP check fails.
    'content-security-policy':
      "default-src 'self'; script-src 'self' 'unsafe-inline' https://www.google-analytics.com; frame-ancestors 'none'",
  };
  const SECURITY_HEADERS: Record<FixtureSecurityHeaders, Record<string, string>> = {
    listed: LISTED_HEADERS,
    strict: {
      ...LISTED_HEADERS,
      'content-security-policy':
        "default-src 'self'; script-src 'self' https://www.google-analytics.com; object-src 'none'; frame-ancestors 'none'",
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    },
    none: {},
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    const html = (status: number, body: string, headers: Record<string, string | string[]> = {}) =>
      res
        .writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          ...SECURITY_HEADERS[securityHeaders],
          server: 'Apache/2.4.62 (Unix)',
          ...headers,
        })
        .end(body);
    if (path === '/.well-known/security.txt') {
      const expires = new Date(Date.now() + 180 * 86_400_000).toISOString();
      return res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Contact: mailto:security@example.test\nExpires: ${expires}\nPreferred-Languages: en\n`);
    }
    if (path === '/robots.txt') {
      if (options.robots === false) return html(404, page('Not found', ''));
      const delay = options.crawlDelaySeconds !== undefined ? `Crawl-delay: ${options.crawlDelaySeconds}\n` : '';
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow: /private/\n${delay}\nSitemap: http://${req.headers.host}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      const base = `http://${req.headers.host}`;
      const urls = ['/', '/about', '/sitemap-only'].map((p) => `<url><loc>${base}${p}</loc></url>`).join('');
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        );
    }
    if (path === FIXTURE_REDIRECT.start) return res.writeHead(301, { location: FIXTURE_REDIRECT.middle }).end();
    if (path === FIXTURE_REDIRECT.middle) return res.writeHead(302, { location: FIXTURE_REDIRECT.end }).end();
    if (path === '/broken') return html(500, page('Server error', 'Something broke'));
    if (path === '/flaky') {
      if (flakyLeft > 0) {
        flakyLeft--;
        return html(503, page('Unavailable', 'Try again'), { 'retry-after': '1' });
      }
      return html(200, page('Flaky page', `<a href="/">Home</a>`));
    }
    if (path === '/slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => (timers.delete(timer), resolve()), options.slowMs ?? 300);
        timers.add(timer);
      });
    }
    if (path === '/files/report.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    if (path.startsWith('/images/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
    if (removed.has(path)) return html(404, page('Not found', `<a href="/">Home</a>`));
    const render = pages[path] ?? (path.endsWith('/') && path.length > 1 ? pages[path.slice(0, -1)] : undefined);
    // The home page sets a session cookie without Secure, HttpOnly or SameSite, and an analytics one.
    if (path === '/' && render)
      return html(200, render(), { 'set-cookie': ['session_id=3f2a9c; Path=/', '_ga=GA1.1.12345.67890; Path=/; Max-Age=3600'] });
    if (render) return html(200, render());
    return html(404, page('Not found', `<a href="/">Home</a>`));
  };

  const server = http.createServer((req, res) => {
    const entry: FixtureRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      host: req.headers.host ?? '',
      userAgent: req.headers['user-agent'] ?? '',
      startedAt: Date.now(),
      finishedAt: null,
      status: null,
    };
    requests.push(entry);
    res.on('finish', () => {
      entry.finishedAt = Date.now();
      entry.status = res.statusCode;
    });
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hostUrl,
    requests,
    requestsFor: (path) => requests.filter((r) => r.path === path),
    requestCounts: () =>
      requests.reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.path]: (counts[r.path] ?? 0) + 1 }), {}),
    setPage,
    setSecurityHeaders: (mode) => {
      securityHeaders = mode;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
