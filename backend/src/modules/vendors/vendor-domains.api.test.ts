import { fill, MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

describe("Vendors API: a vendor's domains and DKIM selectors (issue 31)", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  const create = async (user: TestUser, json: Record<string, unknown>) => {
    const response = await user.api('/api/vendors', { method: 'POST', json });
    expect(response.status).toBe(201);
    return (await response.json()) as Vendor;
  };

  it('defaults the primary domain to the registrable domain of the URL, and keeps what the user lists', async () => {
    const plain = await create(alice, { name: 'Plain', url: 'https://www.shop.acme.co.uk/about' });
    expect(plain).toMatchObject({ domains: [], primaryDomain: 'acme.co.uk', dkimSelectors: [] });
    expect((await create(alice, { name: 'No site' })).primaryDomain).toBeNull();

    const listed = await create(alice, {
      name: 'Listed',
      url: 'https://www.acme.example',
      domains: ['Acme-Mail.example.com.', 'acme.example.com'],
      dkimSelectors: ['Google', 'selector1'],
    });
    expect(listed).toMatchObject({
      domains: ['acme-mail.example.com', 'acme.example.com'],
      primaryDomain: 'acme-mail.example.com',
      dkimSelectors: ['google', 'selector1'],
    });
    expect(await (await alice.api(`/api/vendors/${listed.id}`)).json()).toMatchObject({ domains: listed.domains });

    const updated = await alice.api(`/api/vendors/${listed.id}`, { method: 'PUT', json: { domains: [], dkimSelectors: ['s2'] } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ domains: [], primaryDomain: 'acme.example', dkimSelectors: ['s2'] });
    // An update that does not name them keeps them.
    expect(
      await (await alice.api(`/api/vendors/${listed.id}`, { method: 'PUT', json: { name: 'Renamed' } })).json(),
    ).toMatchObject({
      name: 'Renamed',
      dkimSelectors: ['s2'],
    });
  });

  it.each([
    [{ domains: ['https://acme.example'] }, MESSAGES.vendors.invalidDomain],
    [{ domains: ['10.0.0.1'] }, MESSAGES.vendors.invalidDomain],
    [{ domains: [42] }, MESSAGES.vendors.invalidDomain],
    [{ domains: ['a.example', 'A.example'] }, MESSAGES.vendors.duplicateDomain],
    [{ domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`) }, fill(MESSAGES.vendors.tooManyDomains, { max: 20 })],
    [{ domains: [`${'a'.repeat(300)}.example`] }, MESSAGES.vendors.invalidDomain],
    [{ dkimSelectors: ['not a label'] }, MESSAGES.vendors.invalidDkimSelector],
    [{ dkimSelectors: Array.from({ length: 11 }, (_, i) => `s${i}`) }, fill(MESSAGES.vendors.tooManyDkimSelectors, { max: 10 })],
  ])('refuses %j with 400 "%s", on create and on update', async (fields, message) => {
    const created = await alice.api('/api/vendors', { method: 'POST', json: { name: 'Bad', ...fields } });
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({ statusCode: 400, message });
    const vendor = await create(alice, { name: 'Target', url: 'https://target.example' });
    const updated = await alice.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: fields });
    expect(updated.status).toBe(400);
    expect(await updated.json()).toMatchObject({ message });
  });

  it.each([['corp.internal'], ['api.svc.cluster.local'], ['intranet.lan'], ['co.uk'], ['vendor.example']])(
    'refuses %s, a name under no public suffix (only an internal resolver answers it), on create and on update (issue 37 row 6)',
    async (domain) => {
      const created = await alice.api('/api/vendors', {
        method: 'POST',
        json: { name: 'Internal', domains: ['acme.com', domain] },
      });
      expect(created.status).toBe(400);
      const refusal = (await created.json()) as { message: string };
      expect(refusal.message).toBe(MESSAGES.vendors.domainNotPublic);
      expect(refusal.message).not.toContain(domain);
      const vendor = await create(alice, { name: 'Public', domains: ['mail.acme.co.uk', 'acme.github.io'] });
      const updated = await alice.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: { domains: [domain] } });
      expect(updated.status).toBe(400);
      expect(await (await alice.api(`/api/vendors/${vendor.id}`)).json()).toMatchObject({
        domains: ['mail.acme.co.uk', 'acme.github.io'],
      });
    },
  );

  it("does not let another user change a vendor's domains", async () => {
    const vendor = await create(alice, { name: 'Private', url: 'https://private.example' });
    const response = await bob.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: { domains: ['evil.example.com'] } });
    expect(response.status).toBe(404);
    expect(await (await alice.api(`/api/vendors/${vendor.id}`)).json()).toMatchObject({ domains: [] });
  });
});
