import { startTestApp, type TestApp } from '../testing/test-app';

const preflight = (t: TestApp, origin: string) =>
  fetch(`${t.baseUrl}/api/vendors`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

/** CORS: no other origin may call with credentials unless the operator lists it in CORS_ORIGINS. */
describe('CORS', () => {
  it('by default allows no other origin', async () => {
    const t = await startTestApp();
    try {
      const answer = await preflight(t, 'https://evil.example');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const read = await fetch(`${t.baseUrl}/api/public-config`, { headers: { origin: 'https://evil.example' } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('allows exactly the configured origins', async () => {
    const t = await startTestApp({ CORS_ORIGINS: 'https://admin.example.com, https://ops.example.com/' });
    try {
      const allowed = await preflight(t, 'https://ops.example.com');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://ops.example.com');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await preflight(t, 'https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      // An allowed origin may name the workspace a request acts in.
      const inWorkspace = await fetch(`${t.baseUrl}/api/vendors`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://ops.example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, x-workspace-id',
        },
      });
      expect(inWorkspace.headers.get('access-control-allow-headers')?.split(/,\s*/)).toContain('x-workspace-id');
    } finally {
      await t.close();
    }
  });
});
