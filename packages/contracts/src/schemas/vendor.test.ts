import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { toHttpUrl } from './common';
import { createVendorSchema, updateVendorSchema } from './vendor';

describe("a vendor's URL as a person types it", () => {
  it.each([
    ['acme.com', 'https://acme.com/'],
    ['  acme.com  ', 'https://acme.com/'],
    ['WWW.Acme.com', 'https://www.acme.com/'],
    ['www.acme.co.uk/about?lang=en', 'https://www.acme.co.uk/about?lang=en'],
    ['acme.com:8443/shop', 'https://acme.com:8443/shop'],
    ['localhost:8088', 'https://localhost:8088/'],
    ['127.0.0.1:8088/', 'https://127.0.0.1:8088/'],
    ['//acme.com', 'https://acme.com/'],
    ['xn--bcher-kva.example', 'https://xn--bcher-kva.example/'],
  ])('takes the bare domain %j as %j', (typed, url) => {
    expect(toHttpUrl(typed)).toBe(url);
    expect(createVendorSchema.parse({ name: 'Acme', url: typed }).url).toBe(url);
    expect(updateVendorSchema.parse({ url: typed }).url).toBe(url);
  });

  it.each(['https://acme.example', 'http://127.0.0.1:8088', 'https://acme.example/path?q=1'])(
    'keeps the full URL %j as typed',
    (typed) => {
      expect(createVendorSchema.parse({ name: 'Acme', url: typed }).url).toBe(typed);
    },
  );

  it.each([
    'not a url',
    'nope',
    'acme',
    'javascript:alert(1)',
    'mailto:sales@acme.com',
    'ftp://acme.example',
    'data:text/html,hi',
    'acme.com:',
    'http://',
    'https://',
    'acme.c',
    'acme..com',
    '-acme.com',
    'sales@acme.com',
    'acme.com:99999',
  ])('refuses %j with the catalogue message', (typed) => {
    expect(toHttpUrl(typed)).toBeNull();
    const result = createVendorSchema.safeParse({ name: 'Acme', url: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.vendors.invalidUrl);
  });

  it('stores a bare domain as the URL standard spells it: what a path may not hold is escaped', () => {
    expect(createVendorSchema.parse({ name: 'Acme', url: 'acme.com/<script>' }).url).toBe('https://acme.com/%3Cscript%3E');
  });

  it('leaves an empty URL empty, and refuses one longer than the limit once completed', () => {
    expect(createVendorSchema.parse({ name: 'Acme', url: '  ' }).url).toBe('');
    expect(createVendorSchema.parse({ name: 'Acme' }).url).toBe('');
    const path = 'a'.repeat(LIMITS.vendor.urlMaxLength - 'acme.com/'.length);
    expect(createVendorSchema.parse({ name: 'Acme', url: `https://acme.com/${path.slice(8)}` }).url).toHaveLength(
      LIMITS.vendor.urlMaxLength,
    );
    const result = createVendorSchema.safeParse({ name: 'Acme', url: `acme.com/${path}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.vendors.invalidUrl);
  });
});
