import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { vendorPage, NO_PROGRAMME } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorsList } from './vendors-list';

const acme: Vendor = {
  id: 'vendor-1',
  name: 'Acme',
  url: 'https://acme.example',
  description: '',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  domains: [],
  primaryDomain: null,
  dkimSelectors: [],
  ...NO_PROGRAMME,
};

const deletes = (requests: () => { method: string }[]) => requests().filter((r) => r.method === 'DELETE');

describe('deleting a vendor', () => {
  it('asks for confirmation and calls nothing when the user cancels', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { requests } = mockFetch({ 'GET /api/vendors': { body: vendorPage([acme]) } });
    const { user } = renderWithProviders(<VendorsList />);

    await user.click(await screen.findByRole('button', { name: 'Delete Acme' }));

    expect(confirm).toHaveBeenCalledWith(MESSAGES.vendors.confirmDelete);
    expect(deletes(requests)).toHaveLength(0);
    expect(screen.getByText('Acme')).toBeInTheDocument();
  });

  it('calls DELETE when confirmed, announces it and drops the row', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let remaining = [acme];
    const { requests } = mockFetch({
      'GET /api/vendors': () => ({ body: vendorPage(remaining) }),
      'DELETE /api/vendors/vendor-1': () => {
        remaining = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<VendorsList />);

    await user.click(await screen.findByRole('button', { name: 'Delete Acme' }));

    expect(await screen.findByText(MESSAGES.vendors.deleted)).toBeInTheDocument();
    expect(deletes(requests)).toEqual([expect.objectContaining({ path: '/api/vendors/vendor-1' })]);
    await waitFor(() => expect(screen.getByText(MESSAGES.vendors.noneFound)).toBeInTheDocument());
  });

  it("toasts 'Failed to delete vendor' with the server's reason and keeps the row", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch({
      'GET /api/vendors': { body: vendorPage([acme]) },
      'DELETE /api/vendors/vendor-1': { status: 404, body: { statusCode: 404, message: MESSAGES.generic.notFound } },
    });
    const { user } = renderWithProviders(<VendorsList />);

    await user.click(await screen.findByRole('button', { name: 'Delete Acme' }));

    expect(await screen.findByText(MESSAGES.vendors.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.generic.notFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Acme' })).toBeInTheDocument();
  });
});
