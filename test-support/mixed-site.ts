import http from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * A vendor site on 127.0.0.1 for the adaptive method (issue 43): server-rendered pages (a home page, a run
 * of documentation pages of one template, about, privacy, terms) and, unless `javascript` is false, sections
 * whose facts only a browser sees — `/app`, whose links to its feature pages are inserted by a script;
 * `/shop/*`, where a script sets an analytics cookie before any consent (beside the server's own session
 * cookie); `/blog/*`, where a tag manager injects a tracker and a script inserts the cookie banner; and
 * `/tools`, which runs Handlebars 4.0.5 visible only as a global. Each section has its own markup (its
 * own page template).
 */
export interface MixedSiteOptions {
  /** Documentation pages /docs/1 … /docs/N, each linking the next (default 6). */
  docs?: number;
  /** The sections whose links, cookies, trackers, banner or library come from scripts (default true). */
  javascript?: boolean;
}

export interface MixedSite {
  url: string;
  /** Paths a crawl of the home page stores. */
  paths: string[];
  close(): Promise<void>;
}

/** The tracker /blog's tag manager injects. */
export const MIXED_SITE_TRACKER = 'https://connect.facebook.net/en_US/fbevents.js';

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${title} — Mixed Vendor"></head><body>
<header class="site-header"><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
${body}
<footer class="site-footer"><a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Service</a></footer>
${script ? `<script>${script}</script>` : ''}</body></html>`;
}

export async function startMixedSite(options: MixedSiteOptions = {}): Promise<MixedSite> {
  const docs = options.docs ?? 6;
  const javascript = options.javascript ?? true;
  const pages: Record<string, string> = {};
  const sections = javascript
    ? '<li><a href="/app">App</a></li><li><a href="/shop/1">Shop</a></li><li><a href="/blog/1">Blog</a></li><li><a href="/tools">Tools</a></li>'
    : '';
  pages['/'] = page(
    'Mixed Vendor',
    `<main class="home"><h1>Welcome to Mixed Vendor</h1><p>We make widgets for risk teams.</p>
<ul class="sections"><li><a href="/docs/1">Documentation</a></li>${sections}</ul></main>`,
  );
  for (let n = 1; n <= docs; n++)
    pages[`/docs/${n}`] = page(
      `Documentation ${n}`,
      `<main><article class="doc"><h1>Chapter ${n}</h1><p>How widgets work, part ${n}.</p>
<p class="nav">${n < docs ? `<a href="/docs/${n + 1}">Next chapter</a>` : '<a href="/docs/1">First chapter</a>'}</p></article></main>`,
    );
  pages['/about'] = page('About us', '<main><section class="about"><h1>About us</h1><p>Founded in 2001.</p></section></main>');
  pages['/privacy'] = page(
    'Privacy Policy',
    '<main><section class="legal"><h1>Privacy Policy</h1><p>We keep little.</p></section></main>',
  );
  pages['/terms'] = page('Terms of Service', '<main><section class="legal"><h1>Terms</h1><p>Be kind.</p></section></main>');

  const cookies: Record<string, string> = {};
  if (javascript) {
    pages['/app'] = page(
      'App',
      '<main><div id="app" class="spa"><h1>App</h1><p>Loading…</p></div></main>',
      `document.getElementById('app').insertAdjacentHTML('beforeend', '<ul class="features"><li><a href="/app/feature-1">Feature 1</a></li><li><a href="/app/feature-2">Feature 2</a></li></ul>');`,
    );
    for (const n of [1, 2])
      pages[`/app/feature-${n}`] = page(
        `Feature ${n}`,
        `<main><div class="feature"><h1>Feature ${n}</h1><p>What it does.</p></div></main>`,
      );
    for (const n of [1, 2, 3]) {
      pages[`/shop/${n}`] = page(
        `Shop ${n}`,
        `<main><section class="shop"><h1>Widget ${n}</h1><p>Price: ${n * 10} EUR</p>
<a href="/shop/${(n % 3) + 1}">Next widget</a></section></main>`,
        `document.cookie = '_ga=GA1.1.${n}.1700000000; path=/; max-age=31536000';`,
      );
      cookies[`/shop/${n}`] = 'shop_session=s3cr3t; Path=/; HttpOnly; SameSite=Lax';
    }
    for (const n of [1, 2, 3])
      pages[`/blog/${n}`] = page(
        `Blog post ${n}`,
        `<main><article class="post"><h1>Post ${n}</h1><p>News from the widget world.</p>
<a href="/blog/${(n % 3) + 1}">Next post</a></article></main>`,
        `(function (w, d) { var s = d.createElement('script'); s.async = true; s.src = '${MIXED_SITE_TRACKER}'; d.head.appendChild(s); })(window, document);
document.body.insertAdjacentHTML('beforeend', '<div id="cookie-consent-banner" class="cookie-banner">We use cookies to improve your experience. <button>Accept all cookies</button></div>');`,
      );
    pages['/tools'] = page(
      'Tools',
      '<main><section class="tools"><h1>Tools</h1><p>Templates for your reports.</p></section></main>',
      `!function (w) { var v = [4, 0, 5].join('.'); w.Handlebars = { compile: function () { return function () { return ''; }; }, VERSION: v }; }(window);`,
    );
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mixed').pathname;
    const html = pages[path];
    if (!html) return res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', '<main><p>Not found</p></main>'));
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(cookies[path] ? { 'set-cookie': cookies[path] } : {}),
      })
      .end(html);
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    paths: Object.keys(pages).sort(),
    close,
  };
}
