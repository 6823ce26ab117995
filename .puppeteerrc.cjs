/**
 * Puppeteer never downloads its own browser here: we drive Debian's Chromium
 * (`apt-get install chromium`, /usr/bin/chromium) or whatever CHROMIUM_PATH names.
 * @type {import("puppeteer").Configuration}
 */
module.exports = {
  skipDownload: true,
  chrome: { skipDownload: true },
  'chrome-headless-shell': { skipDownload: true },
  firefox: { skipDownload: true },
};
