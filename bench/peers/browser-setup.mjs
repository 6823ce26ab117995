import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/paths.mjs';

/**
 * What every browser contender shares with the product: the same Chromium binary, the product's
 * own flag list (imported from its compiled worker, so the two cannot drift), its viewport, and
 * the resources "blocking on" drops (images, fonts, media — what the product's RequestFilter
 * blocks by resource type, expressed as URL patterns for Chromium's Network.setBlockedURLs).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function productChromium() {
  const flags = await import(
    pathToFileURL(path.join(ROOT, 'worker/dist/crawl-engine/fetchers/puppeteer/chromium-flags.js')).href
  );
  // As the product launches it: the sandbox on, except as root, where Chromium refuses to start with it.
  return { args: flags.chromiumFlags(process.getuid?.() === 0), viewport: flags.VIEWPORT };
}

/** What the product's browser method blocks when it takes no screenshot (its RequestFilter): by resource type. */
export const BLOCKED_RESOURCE_TYPES = new Set(['image', 'font', 'media']);

export const BLOCKED_URL_PATTERNS = [
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.svg',
  '.ico',
  '.avif',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp4',
  '.webm',
  '.mp3',
  '.ogg',
];

/** Runs in the page: the same facts the product reads from the rendered DOM. */
export const READ_PAGE = `(() => ({
  title: (document.title || '').replace(/\\s+/g, ' ').trim() || null,
  description: document.querySelector('meta[name="description" i]')?.getAttribute('content')?.trim() || null,
  links: [...new Set([...document.querySelectorAll('a[href], area[href]')]
    .map((a) => { try { const u = new URL(a.getAttribute('href'), document.baseURI); u.hash = ''; return /^https?:$/.test(u.protocol) ? u.href : null; } catch { return null; } })
    .filter(Boolean))],
}))()`;

/**
 * What both of Crawlee's browser crawlers here are given: fixed concurrency, one retry, the
 * navigation timeout, no status lines, headless.
 */
export function crawleeBrowserOptions(concurrency) {
  return {
    minConcurrency: concurrency,
    maxConcurrency: concurrency,
    maxRequestRetries: 1,
    navigationTimeoutSecs: 30,
    statusMessageLoggingInterval: 3600,
    headless: true,
  };
}
