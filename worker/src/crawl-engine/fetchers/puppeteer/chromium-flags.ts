/**
 * Flags that work for Debian's Chromium as root in a container (STACK-NOTES): without the
 * background-networking ones Chromium tries the network on its own and is refused.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--mute-audio',
  // Chromium loads two WebUI omnibox popups — a renderer process each — into every window, and
  // every crawl's browser context is a window of its own: three renderers per crawl instead of one.
  // A headless crawler never shows an omnibox.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  // Site isolation puts every cross-site iframe of a page (consent managers, video embeds, chat
  // widgets) in a renderer process of its own: three or four processes for one vendor page. Off,
  // a page's frames share its renderer. Crawls stay apart: a renderer belongs to one browser
  // context, and each crawl has its own, so no two crawls ever share a process. Within one crawl
  // the frames are that vendor's own public pages, and without a sandbox (required as root in a
  // container) a renderer was never a security boundary against the page's third parties anyway.
  '--disable-site-isolation-trials',
];

/** Sends loopback through the proxy too: Chromium bypasses proxies for localhost unless told not to. */
export const PROXY_BYPASS_LIST = ['<-loopback>'];

export const VIEWPORT = { width: 1280, height: 800 };
