import { chromiumFlags, DENY_DOWNLOADS } from './chromium-flags';

describe('Chromium flags', () => {
  it('keep the sandbox on unless the worker runs as root', () => {
    expect(chromiumFlags(false)).not.toContain('--no-sandbox');
    expect(chromiumFlags(true)).toContain('--no-sandbox');
  });

  it('confine WebRTC to the proxy and deny downloads', () => {
    for (const asRoot of [true, false])
      expect(chromiumFlags(asRoot)).toContain('--force-webrtc-ip-handling-policy=disable_non_proxied_udp');
    expect(DENY_DOWNLOADS).toEqual({ policy: 'deny' });
  });

  it('turn off what only a browser with a user needs: the omnibox popups and the back-forward cache', () => {
    const disabled = chromiumFlags(false)
      .filter((flag) => flag.startsWith('--disable-features='))
      .flatMap((flag) => flag.slice('--disable-features='.length).split(','));
    expect(disabled).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'BackForwardCache', 'RenderDocument']));
  });
});
