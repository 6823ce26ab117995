import { MESSAGES, type AssessmentGrades, type VendorSoftware, type VendorThirdPartyList } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grades } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorSoftwareCard } from './vendor-software-card';
import { VendorThirdPartiesCard } from './vendor-third-parties-card';
import { WhatIfFixed } from './what-if-fixed';

const crawl = { vendorId: 'v1', vendorName: 'Alpha', jobId: 'job-1', crawlCompletedAt: '2026-11-20T10:00:00Z' };

const software: VendorSoftware = {
  ...crawl,
  libraries: [
    {
      component: 'jquery',
      npm: 'jquery',
      version: '1.12.4',
      evidence: [{ kind: 'banner', source: 'https://alpha.example/js/jquery.min.js' }],
      pages: [{ pageId: 'p1', url: 'https://alpha.example/' }],
      pagesTotal: 3,
      advisories: [
        {
          ids: ['CVE-2020-11022'],
          summary: 'XSS',
          severity: 'medium',
          atOrAbove: '1.2.0',
          below: '3.5.0',
          endOfLife: false,
          info: ['https://nvd.nist.gov/vuln/detail/CVE-2020-11022'],
        },
      ],
      severity: 'medium',
      fixedVersion: '3.5.0',
      endOfLife: null,
    },
  ],
  technologies: [
    {
      name: 'Nginx',
      version: '1.18.0',
      categories: ['Web servers'],
      website: null,
      cpe: null,
      confidence: 100,
      evidence: [],
      pages: [],
      pagesTotal: 3,
      endOfLife: null,
    },
  ],
  vulnerableLibraries: 1,
  dataSources: [
    {
      use: 'vulnerabilities',
      name: 'Retire.js vulnerability repository',
      package: 'retire',
      version: '5.7.0',
      publishedAt: '2026-10-01T00:00:00Z',
      licence: 'Apache-2.0',
    },
  ],
};

describe('a vendor’s software and third parties', () => {
  it('lists vulnerable libraries with version, pages, advisories, fixed version and the data’s date, and downloads the SBOM', async () => {
    const { requests } = mockFetch({
      'GET /api/vendors/v1/software': { body: software },
      'GET /api/vendors/v1/sbom': {
        raw: '{"bomFormat":"CycloneDX"}',
        headers: {
          'content-type': 'application/vnd.cyclonedx+json',
          'content-disposition': 'attachment; filename="sbom-alpha.cdx.json"',
        },
      },
    });
    const { user } = renderWithProviders(<VendorSoftwareCard vendorId="v1" />);

    const row = await screen.findByTestId('vulnerable-library');
    expect(row).toHaveTextContent('jquery');
    expect(row).toHaveTextContent('1.12.4');
    expect(row).toHaveTextContent('3.5.0');
    expect(within(row).getByRole('link', { name: 'CVE-2020-11022' })).toHaveAttribute(
      'href',
      'https://nvd.nist.gov/vuln/detail/CVE-2020-11022',
    );
    expect(screen.getByTestId('vulnerable-library-count')).toHaveTextContent('1 JavaScript library has known vulnerabilities');
    expect(screen.getByText(/retire 5\.7\.0, 2026-10-01/)).toBeInTheDocument();
    expect(screen.getByTestId('technologies')).toHaveTextContent('Nginx 1.18.0');

    await user.click(screen.getByRole('button', { name: 'Download SBOM' }));
    await waitFor(() => expect(requests().map((r) => r.path)).toContain('/api/vendors/v1/sbom'));
  });

  it('says when the vendor has no assessed crawl yet', async () => {
    mockFetch({
      'GET /api/vendors/v1/software': { status: 404, body: { statusCode: 404, message: MESSAGES.inventories.notAssessed } },
    });
    renderWithProviders(<VendorSoftwareCard vendorId="v1" />);
    expect(await screen.findByText(MESSAGES.inventories.notAssessed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download SBOM' })).not.toBeInTheDocument();
  });

  it('groups third parties by company, unknown hosts last, marking trackers contacted before consent', async () => {
    const party = (name: string, company: string | null, category: string, tracker: boolean) => ({
      key: name,
      name,
      company,
      category,
      hosts: [`${name}.example`],
      pages: 1,
      requestedBeforeConsent: true,
      tracker,
      example: { pageId: 'p', url: 'https://alpha.example/', resource: `https://${name}.example/x.js` },
    });
    const list: VendorThirdPartyList = {
      ...crawl,
      thirdParties: [
        party('unknown-partner.example', null, 'unknown', false),
        party('Google Analytics', 'Google', 'analytics', true),
        party('Google Fonts', 'Google', 'cdn', false),
      ],
      dataSources: [],
    };
    mockFetch({ 'GET /api/vendors/v1/third-parties': { body: list } });
    renderWithProviders(<VendorThirdPartiesCard vendorId="v1" />);
    const companies = await screen.findAllByTestId('third-party-company');
    expect(companies.map((company) => company.textContent)).toEqual([
      expect.stringMatching(/^Google.*Google Analytics · Analytics · before consent.*Google Fonts · CDN/),
      expect.stringMatching(/^Unknown company.*unknown-partner\.example/),
    ]);
  });

  it('shows what fixing each failing check would do to the grades', async () => {
    const now = grades('C');
    const body: AssessmentGrades = {
      assessmentId: 'r1',
      grades: now,
      whatIfFixed: [
        {
          checkId: 'transport.hsts',
          title: 'HSTS present',
          category: 'transport',
          now: {
            overall: { ...now.overall, letter: 'C', score: 75 },
            category: { letter: 'D', score: 60, checksCounted: 3, cappedBy: null },
          },
          ifFixed: {
            overall: { ...now.overall, letter: 'B', score: 82 },
            category: { letter: 'A', score: 100, checksCounted: 3, cappedBy: null },
          },
        },
      ],
    };
    mockFetch({ 'GET /api/reports/r1/grades': { body } });
    renderWithProviders(<WhatIfFixed reportId="r1" />);
    const card = await screen.findByTestId('what-if-fixed');
    expect(card).toHaveTextContent('HSTS present');
    expect(card).toHaveTextContent('C → B (75 → 82)');
    expect(card).toHaveTextContent('D → A');
  });
});
