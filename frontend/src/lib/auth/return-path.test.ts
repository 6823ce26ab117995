import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './return-path';

describe('the page to return to after signing in', () => {
  afterEach(() => vi.useRealTimers());

  it('is given back once', () => {
    rememberReturnPath('/invitations/accept?token=abc');
    expect(takeReturnPath()).toBe('/invitations/accept?token=abc');
    expect(takeReturnPath()).toBeNull();
  });

  it('is never another site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      rememberReturnPath(path);
      expect(takeReturnPath()).toBeNull();
    }
    localStorage.setItem('vendorwatch.afterSignIn', JSON.stringify({ path: '//evil.example', at: Date.now() }));
    expect(takeReturnPath()).toBeNull();
  });

  it('is forgotten after a day', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    rememberReturnPath('/invitations/accept?token=abc');
    vi.setSystemTime(new Date('2025-01-02T00:00:01Z'));
    expect(takeReturnPath()).toBeNull();
  });
});
