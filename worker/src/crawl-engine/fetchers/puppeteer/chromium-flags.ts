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
];

/** Sends loopback through the proxy too: Chromium bypasses proxies for localhost unless told not to. */
export const PROXY_BYPASS_LIST = ['<-loopback>'];

export const VIEWPORT = { width: 1280, height: 800 };
