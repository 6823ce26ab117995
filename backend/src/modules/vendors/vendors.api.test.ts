import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

describe('Vendors API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  it('creates, lists newest first, updates and deletes a vendor', async () => {
    const created = await alice.api('/api/vendors', {
      method: 'POST',
      json: { name: '  Acme  ', url: 'https://acme.example', description: 'Anvils' },
    });
    expect(created.status).toBe(201);
    const acme = (await created.json()) as Vendor;
    expect(acme).toMatchObject({ name: 'Acme', url: 'https://acme.example', description: 'Anvils' });

    const second = (await (await alice.api('/api/vendors', { method: 'POST', json: { name: 'Globex' } })).json()) as Vendor;
    expect(second).toMatchObject({ name: 'Globex', url: '', description: '' });

    const list = (await (await alice.api('/api/vendors')).json()) as Vendor[];
    expect(list.map((v) => v.name)).toEqual(['Globex', 'Acme']);

    const updated = await alice.api(`/api/vendors/${acme.id}`, { method: 'PUT', json: { description: 'Rockets' } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: acme.id, name: 'Acme', description: 'Rockets' });

    expect((await alice.api(`/api/vendors/${acme.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alice.api(`/api/vendors/${acme.id}`)).status).toBe(404);
    expect(((await (await alice.api('/api/vendors')).json()) as Vendor[]).map((v) => v.name)).toEqual(['Globex']);
  });

  it.each([
    [{}, MESSAGES.vendors.nameRequired],
    [{ name: '   ' }, MESSAGES.vendors.nameRequired],
    [{ name: 42 }, MESSAGES.vendors.nameRequired],
    [{ name: 'Acme', url: 'not a url' }, MESSAGES.vendors.invalidUrl],
    [{ name: 'Acme', url: 'javascript:alert(1)' }, MESSAGES.vendors.invalidUrl],
    [{ name: 'Acme', url: 'ftp://acme.example' }, MESSAGES.vendors.invalidUrl],
  ])('rejects %j with 400 "%s" and stores nothing', async (body, message) => {
    const before = ((await (await alice.api('/api/vendors')).json()) as Vendor[]).length;
    const response = await alice.api('/api/vendors', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
    expect(((await (await alice.api('/api/vendors')).json()) as Vendor[]).length).toBe(before);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await alice.api('/api/vendors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
  });

  it("keeps one user's vendors from another: 404 on each, none in lists", async () => {
    const mine = (await (await alice.api('/api/vendors', { method: 'POST', json: { name: 'Private Co' } })).json()) as Vendor;
    expect((await bob.api(`/api/vendors/${mine.id}`)).status).toBe(404);
    expect((await bob.api(`/api/vendors/${mine.id}`, { method: 'PUT', json: { name: 'Hijacked' } })).status).toBe(404);
    expect((await bob.api(`/api/vendors/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await bob.api('/api/vendors')).json()).toEqual([]);
    expect(await (await alice.api(`/api/vendors/${mine.id}`)).json()).toMatchObject({ name: 'Private Co' });
  });

  it('answers 404 for an id that is not a UUID and 401 without a token', async () => {
    expect((await alice.api('/api/vendors/not-a-uuid')).status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}/api/vendors`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: MESSAGES.auth.tokenRequired });
  });
});
