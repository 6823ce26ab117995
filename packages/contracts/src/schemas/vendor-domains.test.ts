import { fill, MESSAGES } from '../messages';
import { LIMITS } from '../limits';
import { createVendorSchema, toHostName, updateVendorSchema } from './vendor';

const M = MESSAGES.vendors;
const firstMessage = (input: Record<string, unknown>) =>
  createVendorSchema.safeParse({ name: 'Acme', ...input }).error?.issues[0]?.message;

describe("a vendor's domains and DKIM selectors", () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  Mail.ACME.co.uk.  ', 'mail.acme.co.uk'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['vendor.github.io', 'vendor.github.io'],
  ])('takes the host name %j as %j', (typed, host) => {
    expect(toHostName(typed)).toBe(host);
    expect(createVendorSchema.parse({ name: 'Acme', domains: [typed] }).domains).toEqual([host]);
  });

  it.each([
    'https://acme.com',
    'acme.com/about',
    'acme.com:8443',
    '1.2.3.4',
    'localhost',
    'acme',
    'sales@acme.com',
    'a b.com',
    '-acme.com',
    `${'a'.repeat(64)}.com`,
  ])('refuses %j with the catalogue message', (typed) => {
    expect(toHostName(typed)).toBeNull();
    expect(firstMessage({ domains: [typed] })).toBe(M.invalidDomain);
  });

  it('takes the form text one per line, keeps the order (primary first) and refuses a repeat', () => {
    expect(createVendorSchema.parse({ name: 'Acme', domains: 'acme.com\n\n  acme-mail.com \n' }).domains).toEqual([
      'acme.com',
      'acme-mail.com',
    ]);
    expect(firstMessage({ domains: ['acme.com', 'ACME.com.'] })).toBe(M.duplicateDomain);
    expect(createVendorSchema.parse({ name: 'Acme' })).toMatchObject({ domains: [], dkimSelectors: [] });
  });

  it(`lists at most ${LIMITS.vendor.maxDomains} domains and ${LIMITS.vendor.maxDkimSelectors} selectors`, () => {
    const hosts = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example`);
    expect(createVendorSchema.parse({ name: 'Acme', domains: hosts(LIMITS.vendor.maxDomains) }).domains).toHaveLength(20);
    expect(firstMessage({ domains: hosts(LIMITS.vendor.maxDomains + 1) })).toBe(
      fill(M.tooManyDomains, { max: LIMITS.vendor.maxDomains }),
    );
    const selectors = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);
    expect(firstMessage({ dkimSelectors: selectors(LIMITS.vendor.maxDkimSelectors + 1) })).toBe(
      fill(M.tooManyDkimSelectors, { max: LIMITS.vendor.maxDkimSelectors }),
    );
  });

  it('takes DKIM selectors as DNS labels, lower-cased and once each', () => {
    expect(
      createVendorSchema.parse({ name: 'Acme', dkimSelectors: ['Google', 'selector1', 's1024.mail', 'google'] }).dkimSelectors,
    ).toEqual(['google', 'selector1', 's1024.mail']);
    for (const bad of ['two words', 'sel/1', 'x._domainkey.acme.com.', '-s1', 'a'.repeat(64)])
      expect(firstMessage({ dkimSelectors: [bad] })).toBe(M.invalidDkimSelector);
  });

  it('leaves both out of an update that does not name them, and clears them with empty lists', () => {
    expect(updateVendorSchema.parse({ name: 'Acme' })).toEqual({ name: 'Acme' });
    expect(updateVendorSchema.parse({ domains: [], dkimSelectors: [] })).toEqual({ domains: [], dkimSelectors: [] });
  });
});
