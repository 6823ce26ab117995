import type { ThirdParty } from '@vendorwatch/contracts';
import { portfolioThirdParties } from './portfolio';

const party = (
  key: string,
  category: string,
  requestedBeforeConsent: boolean | null,
  company: string | null = key,
): ThirdParty => ({
  key,
  name: key,
  company,
  category,
  hosts: [`${key.toLowerCase().replace(/\W+/g, '-')}.example`],
  pages: 1,
  requestedBeforeConsent,
  tracker: ['ad', 'analytics', 'social', 'marketing'].includes(category),
  example: { pageId: 'p', url: 'https://vendor.example/', resource: 'https://x.example/a.js' },
});

describe('portfolio third parties', () => {
  it('counts each third party once per vendor across three vendors, most used first, and lists who tracks before consent', () => {
    const result = portfolioThirdParties([
      {
        vendorId: 'v1',
        vendorName: 'Acme',
        thirdParties: [party('Google Analytics', 'analytics', true, 'Google'), party('JSDelivr CDN', 'cdn', true)],
      },
      {
        vendorId: 'v2',
        vendorName: 'Globex',
        thirdParties: [party('Google Analytics', 'analytics', false, 'Google'), party('Facebook', 'social', false)],
      },
      {
        vendorId: 'v3',
        vendorName: 'Initech',
        thirdParties: [
          party('Google Analytics', 'analytics', null, 'Google'),
          party('JSDelivr CDN', 'cdn', null),
          party('domain:partner.example', 'unknown', null, null),
        ],
      },
    ]);
    expect(result.vendorsCounted).toBe(3);
    expect(result.parties.map(({ key, vendorCount, vendorShare }) => [key, vendorCount, vendorShare])).toEqual([
      ['Google Analytics', 3, 100],
      ['JSDelivr CDN', 2, 66.7],
      ['domain:partner.example', 1, 33.3],
      ['Facebook', 1, 33.3],
    ]);
    expect(result.parties[0]!.vendors).toEqual([
      { vendorId: 'v1', vendorName: 'Acme' },
      { vendorId: 'v2', vendorName: 'Globex' },
      { vendorId: 'v3', vendorName: 'Initech' },
    ]);
    // Only Acme's browser crawl requested a tracker before consent; a CDN is not a tracker.
    expect(result.trackingBeforeConsent).toEqual([
      {
        vendorId: 'v1',
        vendorName: 'Acme',
        parties: [{ key: 'Google Analytics', name: 'Google Analytics', company: 'Google', category: 'analytics' }],
      },
    ]);
    // Initech was not crawled by the browser: unknown, not innocent.
    expect(result.consentUnknown).toEqual([{ vendorId: 'v3', vendorName: 'Initech' }]);
  });

  it('is empty for no vendors', () => {
    expect(portfolioThirdParties([])).toEqual({ vendorsCounted: 0, parties: [], trackingBeforeConsent: [], consentUnknown: [] });
  });
});
