/**
 * Flags for Debian's Chromium in a container (STACK-NOTES): without the background-networking
 * ones Chromium tries the network on its own and is refused. WebRTC may only use the proxy, so a
 * page cannot reach hosts (or learn addresses) past the address guard over UDP.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'BackForwardCache',
  'ProactivelySwapBrowsingInstance',
  'RenderDocument',
];

const BASE_FLAGS = [
  '--headless',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--mute-audio',
  // Chromium loads two WebUI omnibox popups — a renderer process each — into every window, and
  // every crawl's browser context is a window of its own: three renderers per crawl instead of one.
  // A headless crawler never shows an omnibox. And it never goes back: the back-forward cache (which
  // keeps the page left behind alive, and for its sake starts each navigation in a fresh browsing
  // instance and document host) is work and memory for nothing. Without those three, a page read in
  // a crawl's kept tab costs Chromium 15-30 % less CPU and the tab 7 % less memory
  // (bench/diagnostics/render-cost.mjs, bench/README.md).
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  // Site isolation puts every cross-site iframe of a page (consent managers, video embeds, chat
  // widgets) in a renderer process of its own: three or four processes for one vendor page. Off,
  // a page's frames share its renderer. Crawls stay apart: a renderer belongs to one browser
  // context, and each crawl has its own, so no two crawls ever share a process. Within one crawl
  // there is nothing cross-site to protect: the context is fresh, signed in nowhere, and its frames
  // are what the vendor's public page embeds. The sandbox (on unless root) still guards the machine.
  '--disable-site-isolation-trials',
];

/**
 * Chromium renders untrusted pages: its sandbox stays on, except as root, where Chromium refuses
 * to start with it (the worker image runs as a non-root user; the caller says so in its log).
 */
export function chromiumFlags(runsAsRoot: boolean): string[] {
  return runsAsRoot ? ['--no-sandbox', ...BASE_FLAGS] : [...BASE_FLAGS];
}

/** No page may save a file: a crawl reads pages, it never downloads. */
export const DENY_DOWNLOADS = { policy: 'deny' } as const;

/** Sends loopback through the proxy too: Chromium bypasses proxies for localhost unless told not to. */
export const PROXY_BYPASS_LIST = ['<-loopback>'];

export const VIEWPORT = { width: 1280, height: 800 };
