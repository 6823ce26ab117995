import type { DashboardPosture as Posture } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { DashboardPosture } from './dashboard-posture';

const posture: Posture = {
  vendorsAssessed: 3,
  mailSpoofable: [{ vendorId: 'v2', vendorName: 'Globex', primaryDomain: 'globex.example' }],
  mailUnknown: 1,
  certificatesExpiring: {
    withinDays: 30,
    certificates: [
      {
        vendorId: 'v1',
        vendorName: 'Acme',
        origin: 'https://www.acme.example',
        host: 'www.acme.example',
        validTo: '2026-12-08T00:00:00Z',
        daysLeft: 12,
      },
    ],
  },
  gradeDistribution: { A: 1, B: 0, C: 2, D: 0, F: 0, ungraded: 0 },
  vulnerableLibraries: 3,
  vendorsWithVulnerableLibraries: 2,
  topThirdParties: [
    { key: 'GA', name: 'Google Analytics', company: 'Google', category: 'analytics', vendorCount: 3, vendorShare: 100 },
  ],
};

describe('DashboardPosture', () => {
  it('counts spoofable mail, expiring certificates, vulnerable libraries, grades and top third parties', async () => {
    mockFetch({ 'GET /api/dashboard/posture': { body: posture } });
    renderWithProviders(<DashboardPosture />);
    expect(await screen.findByTestId('posture-mail-spoofable')).toHaveTextContent('1Globex');
    expect(screen.getByTestId('posture-certificates-expiring')).toHaveTextContent(
      'Certificates expiring within 30 days1www.acme.example (12 d)',
    );
    expect(screen.getByTestId('posture-vulnerable-libraries')).toHaveTextContent('3at 2 of 3 vendors');
    expect(screen.getByTestId('posture-grades')).toHaveTextContent('A: 1');
    expect(screen.getByTestId('posture-top-third-parties')).toHaveTextContent('Google Analytics (3 vendors)');
  });

  it('links each grade count to the vendors list filtered to that grade, and the vulnerable libraries to it sorted by them', async () => {
    mockFetch({ 'GET /api/dashboard/posture': { body: posture } });
    renderWithProviders(<DashboardPosture />);
    expect(await screen.findByRole('link', { name: 'Grade C: 2 vendors' })).toHaveAttribute('href', '/vendors?grade=C');
    expect(screen.getByRole('link', { name: 'Grade A: 1 vendor' })).toHaveAttribute('href', '/vendors?grade=A');
    expect(screen.getByTestId('posture-vulnerable-libraries')).toHaveAttribute('href', '/vendors?sort=vulnerableLibraries');
  });
});
