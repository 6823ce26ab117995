import { formatMessage, MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CreateVendorForm } from './create-vendor-form';
import { NO_PROGRAMME } from '@/testing/fixtures';

const created: Vendor = {
  id: 'v1',
  name: 'Acme',
  url: 'https://acme.example',
  description: 'Widgets',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  domains: [],
  primaryDomain: null,
  dkimSelectors: [],
  ...NO_PROGRAMME,
};

// The Name label carries Mantine's required asterisk, hence the pattern.
const nameInput = () => screen.getByLabelText(/^Name/);

describe('CreateVendorForm', () => {
  it.each([
    ['blank', ''],
    ['whitespace-only', '   '],
  ])('rejects a %s name, focuses it and does not call the API', async (_, name) => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<CreateVendorForm />);

    if (name) await user.type(nameInput(), name);
    await user.type(screen.getByLabelText('Description'), 'Some text');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.nameRequired)).toBeInTheDocument();
    expect(nameInput()).toHaveFocus();
    expect(requests()).toHaveLength(0);
  });

  it('rejects a URL that is not http(s)', async () => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.type(screen.getByLabelText('URL'), 'ftp://acme.example');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.invalidUrl)).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveFocus();
    expect(requests()).toHaveLength(0);
  });

  it('posts the trimmed vendor, announces success and clears the form', async () => {
    const { requests } = mockFetch({ 'POST /api/vendors': { status: 201, body: created } });
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), '  Acme  ');
    await user.type(screen.getByLabelText('URL'), 'https://acme.example');
    await user.type(screen.getByLabelText('Description'), 'Widgets ');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.added)).toBeInTheDocument();
    expect(requests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/vendors',
        body: { name: 'Acme', url: 'https://acme.example', description: 'Widgets', domains: [], dkimSelectors: [] },
      }),
    ]);
    expect(nameInput()).toHaveValue('');
  });

  it('takes a bare domain as its https:// URL and posts that', async () => {
    const { requests } = mockFetch({ 'POST /api/vendors': { status: 201, body: { ...created, url: 'https://acme.com/' } } });
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.type(screen.getByLabelText('URL'), 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.added)).toBeInTheDocument();
    expect(requests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/vendors',
        body: { name: 'Acme', url: 'https://acme.com/', description: '', domains: [], dkimSelectors: [] },
      }),
    ]);
  });

  it.each(['nope', 'javascript:alert(1)', 'not a url'])('still refuses %j, without calling the API', async (typed) => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.type(screen.getByLabelText('URL'), typed);
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.invalidUrl)).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveFocus();
    expect(requests()).toHaveLength(0);
  });

  it('posts the domains and DKIM selectors typed one per line, and refuses a URL as a domain', async () => {
    const { requests } = mockFetch({ 'POST /api/vendors': { status: 201, body: created } });
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.type(screen.getByLabelText(/^Domains/), 'https://acme.com');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    expect(await screen.findByText(MESSAGES.vendors.invalidDomain)).toBeInTheDocument();
    expect(requests()).toEqual([]);

    await user.clear(screen.getByLabelText(/^Domains/));
    await user.type(screen.getByLabelText(/^Domains/), 'Acme.com{enter}acme-mail.com');
    await user.type(screen.getByLabelText(/^DKIM selectors/), 'google');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));
    await waitFor(() =>
      expect(requests()).toEqual([
        expect.objectContaining({
          body: expect.objectContaining({ domains: ['acme.com', 'acme-mail.com'], dkimSelectors: ['google'] }),
        }),
      ]),
    );
  });

  it("refuses a vendor beyond the limit with the server's message", async () => {
    mockFetch({
      'POST /api/vendors': { status: 409, body: { statusCode: 409, message: formatMessage.vendorLimitReached(1000) } },
    });
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.addFailed)).toBeInTheDocument();
    expect(screen.getByText(formatMessage.vendorLimitReached(1000))).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Acme');
  });

  it("puts a 400's field errors on the fields and toasts the failure", async () => {
    mockFetch({
      'POST /api/vendors': {
        status: 400,
        body: {
          statusCode: 400,
          message: MESSAGES.generic.validationFailed,
          errors: [{ path: 'url', message: MESSAGES.vendors.invalidUrl }],
        },
      },
    });
    const { user } = renderWithProviders(<CreateVendorForm />);

    await user.type(nameInput(), 'Acme');
    await user.type(screen.getByLabelText('URL'), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Add Vendor' }));

    expect(await screen.findByText(MESSAGES.vendors.addFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.generic.validationFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription(MESSAGES.vendors.invalidUrl);
    expect(nameInput()).toHaveValue('Acme');
  });
});
