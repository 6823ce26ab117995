import http from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * A vendor site on 127.0.0.1 that runs known software, for the library, technology and third-party
 * tests: WordPress 6.4.2 on nginx 1.18.0 and PHP 7.4.3 (headers, meta generator, a theme stylesheet, a
 * PHP session cookie); jQuery 1.12.4 (its file name and its banner), Bootstrap 3.3.7 (its banner, and on
 * /pricing its versioned CDN URL), Handlebars 4.0.5 visible only through its global (a bundle without a
 * banner that computes its version), and a minified bundle with no banner and no global, which no method
 * can attribute. Third-party scripts are configurable, so several vendors can share some and not others.
 */
export interface SoftwareSiteOptions {
  /** Third-party script URLs on the home page (default: Google Analytics and an unknown partner). */
  thirdPartyScripts?: string[];
}

export const SOFTWARE_SITE_PATHS = ['/', '/pricing', '/privacy'] as const;
export const BOOTSTRAP_CDN = 'https://maxcdn.bootstrapcdn.com/bootstrap/3.3.7/js/bootstrap.min.js';
export const GOOGLE_ANALYTICS = 'https://www.google-analytics.com/analytics.js';
export const UNKNOWN_PARTNER = 'https://widgets.unknown-partner.example/widget.js';

const SCRIPTS: Record<string, string> = {
  '/assets/js/jquery-1.12.4.min.js':
    '/*! jQuery v1.12.4 | (c) jQuery Foundation | jquery.org/license */\n' +
    '!function(a,b){var c=function(){};c.fn=c.prototype={constructor:c};a.jQuery=a.$=c}(window);',
  '/assets/js/bootstrap.min.js':
    '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n * Copyright 2011-2016 Twitter, Inc.\n * Licensed under the MIT license\n */\n' +
    '+function(a){"use strict";a.bootstrapLoaded=!0}(window);',
  // Handlebars bundled without its banner; only its global says which version runs.
  '/assets/js/app.bundle.js':
    '!function(w){"use strict";var v=[4,0,5].join(".");w.Handlebars={compile:function(){return function(){return""}},VERSION:v}}(window);',
  // A minified bundle that announces nothing: not attributable, so not reported.
  '/assets/js/vendor.min.js':
    '!function(e){"use strict";var t=function(e){return new t.fn.init(e)};t.fn=t.prototype={init:function(){return this}};e.lib=t}(window);',
};

function page(title: string, head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${title} — Acme Software"><meta name="generator" content="WordPress 6.4.2">
<link rel="stylesheet" href="/wp-content/themes/acme/style.css">
${head}</head><body>${body}</body></html>`;
}

export interface SoftwareSite {
  url: string;
  close(): Promise<void>;
}

export async function startSoftwareSite(options: SoftwareSiteOptions = {}): Promise<SoftwareSite> {
  const thirdParty = (options.thirdPartyScripts ?? [GOOGLE_ANALYTICS, UNKNOWN_PARTNER])
    .map((src) => `<script async src="${src}"></script>`)
    .join('\n');
  const local = Object.keys(SCRIPTS)
    .map((src) => `<script src="${src}"></script>`)
    .join('\n');
  const pages: Record<string, string> = {
    '/': page('Acme Software', `${local}\n${thirdParty}`, '<a href="/pricing">Pricing</a> <a href="/privacy">Privacy Policy</a>'),
    '/pricing': page(
      'Pricing',
      `<script src="/assets/js/jquery-1.12.4.min.js"></script>\n<script src="${BOOTSTRAP_CDN}"></script>`,
      '<a href="/">Home</a>',
    ),
    '/privacy': page('Privacy Policy', '', '<a href="/">Home</a>'),
  };
  const headers = { server: 'nginx/1.18.0', 'x-powered-by': 'PHP/7.4.3' };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://software').pathname;
    const script = SCRIPTS[path];
    if (script) return res.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(script);
    if (path.endsWith('.css')) return res.writeHead(200, { ...headers, 'content-type': 'text/css' }).end('body{margin:0}');
    const html = pages[path];
    if (!html) return res.writeHead(404, { ...headers, 'content-type': 'text/html' }).end(page('Not found', '', ''));
    res
      .writeHead(200, {
        ...headers,
        'content-type': 'text/html; charset=utf-8',
        ...(path === '/' ? { 'set-cookie': 'PHPSESSID=9b2c4e; path=/; HttpOnly' } : {}),
      })
      .end(html);
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close,
  };
}
