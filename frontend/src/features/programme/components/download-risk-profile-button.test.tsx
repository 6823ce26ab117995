import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { DownloadRiskProfileButton } from './download-risk-profile-button';

afterEach(() => vi.restoreAllMocks());

describe('Download risk profile', () => {
  it("downloads the vendor's risk profile PDF under the server's file name", async () => {
    const createObjectURL = vi.fn(() => 'blob:profile');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { requests } = mockFetch({
      'GET /api/vendors/v1/profile.pdf': {
        raw: '%PDF-1.7',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="risk-profile-acme-2026-11-29.pdf"',
        },
      },
    });
    const { user } = renderWithProviders(<DownloadRiskProfileButton vendorId="v1" />);
    await user.click(screen.getByRole('button', { name: 'Download risk profile' }));
    await waitFor(() => expect(clicked).toEqual(['risk-profile-acme-2026-11-29.pdf']), { timeout: 10_000 });
    expect(requests().map((r) => r.path)).toEqual(['/api/vendors/v1/profile.pdf']);
  });
});
