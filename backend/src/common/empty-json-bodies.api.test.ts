import type { Vendor } from '@vendorwatch/contracts';
import http from 'node:http';
import { startTestApp, type TestApp, type TestUser } from '../testing/test-app';

/**
 * A request that says `Content-Type: application/json` and carries no body, as supabase-js sends
 * every DELETE (and fetch sends a DELETE without a body: no Content-Length at all), is a request
 * without a body, on /auth/v1 and /api alike. A body that is there is still parsed strictly.
 */
describe('JSON requests without a body', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
  });
  afterAll(() => t.close());

  const addVendor = async () =>
    (await (
      await alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'https://acme.example/' } })
    ).json()) as Vendor;

  it('a DELETE on /api with the JSON content type and no body at all', async () => {
    const vendor = await addVendor();
    const deleted = await fetch(`${t.baseUrl}/api/vendors/${vendor.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(deleted.status).toBe(204);
    expect((await alice.api(`/api/vendors/${vendor.id}`)).status).toBe(404);
  });

  it('a DELETE on /auth/v1 with the JSON content type and no body at all', async () => {
    const enrolled = (await (
      await fetch(`${t.baseUrl}/auth/v1/factors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json', apikey: 'anon' },
        body: JSON.stringify({ factor_type: 'totp', friendly_name: 'Phone' }),
      })
    ).json()) as { id: string };
    const removed = await fetch(`${t.baseUrl}/auth/v1/factors/${enrolled.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json;charset=UTF-8', apikey: 'anon' },
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: enrolled.id });
  });

  it('a POST with Content-Length: 0 on /api', async () => {
    const answer = await rawRequest(t.baseUrl, 'POST', '/api/crawls/00000000-0000-4000-8000-000000000000/cancel', {
      authorization: `Bearer ${alice.accessToken}`,
      'content-type': 'application/json',
      'content-length': '0',
    });
    // The route answers (no such crawl), not the JSON parser's refusal of an empty body.
    expect(answer.status).toBe(404);
  });

  it('still refuses a body that is there and is not JSON', async () => {
    const answer = await fetch(`${t.baseUrl}/api/vendors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(answer.status).toBe(400);
  });
});

/** A request written by hand, so its headers are exactly the ones given. */
function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
