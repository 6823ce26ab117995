import { startTestApp, type TestApp } from '../testing/test-app';

/** Each request has an id (logged on each of its lines); the answer names it, so a user's report can be traced. */
describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers with a new id per request, or the one a proxy gave', async () => {
    const first = (await fetch(`${t.baseUrl}/api/health`)).headers.get('x-request-id');
    const second = (await fetch(`${t.baseUrl}/api/vendors`)).headers.get('x-request-id');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    const traced = await fetch(`${t.baseUrl}/api/health`, { headers: { 'x-request-id': 'lb-42.7' } });
    expect(traced.headers.get('x-request-id')).toBe('lb-42.7');
    const hostile = await fetch(`${t.baseUrl}/api/health`, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
