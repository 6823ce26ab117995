import { auditSummaryText } from './audit-summary';

describe('an audit summary as words', () => {
  it('writes keys as words, acronyms in capitals, lists joined and nested filters inline', () => {
    expect(
      auditSummaryText({
        url: 'https://acme.example/',
        name: 'Acme',
        dkimSelectors: [],
        vendorId: 'v1',
        filters: { vendorId: 'v1', format: 'pdf' },
        emailed: false,
      }),
    ).toBe(
      'URL: https://acme.example/; Name: Acme; DKIM selectors: none; Vendor ID: v1; Filters: vendor ID v1, format pdf; Emailed: no',
    );
  });
});
