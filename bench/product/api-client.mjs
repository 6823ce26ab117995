import { randomBytes } from 'node:crypto';

/** A user of the running API, signed up through the public auth API as a browser would: a real JWT. */
export async function signUp(baseUrl) {
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'anon' },
    body: JSON.stringify({ email, password: 'correct-horse-9' }),
  });
  const body = await response.json();
  if (!response.ok || !body.access_token) throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(body)}`);
  const accessToken = body.access_token;
  const api = async (path, { method = 'GET', json } = {}) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await answer.text();
    const parsed = text ? JSON.parse(text) : null;
    if (!answer.ok) throw new Error(`${method} ${path} → ${answer.status}: ${text.slice(0, 300)}`);
    return parsed;
  };
  return { userId: body.user.id, email, accessToken, api };
}

/** A vendor with saved crawler settings, through the API (the path a user takes). */
export async function createVendor(user, { name, url, maxPages, crawlDelay }) {
  const vendor = await user.api('/api/vendors', { method: 'POST', json: { name, url } });
  await user.api(`/api/vendors/${vendor.id}/crawler-settings`, {
    method: 'PUT',
    json: { maxPages, crawlDelay, startUrls: [url] },
  });
  return vendor;
}
