import type { VendorListItem, WorkspaceRole } from '@vendorwatch/contracts';
import { AppShell } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppNavigation } from '@/components/layouts/app-navigation';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';
import { CrawlerSettingsForm } from '@/features/crawler/components/crawler-settings-form';
import { VendorsList } from '@/features/vendors/components/vendors-list';
import { VENDOR_ID, vendorListItem, vendorPage } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { RequiresPermission } from './requires-permission';

const vendor: VendorListItem = vendorListItem({ id: VENDOR_ID, name: 'Acme', url: 'https://acme.example' });

const asRole = (role: WorkspaceRole) => ({ workspace: { role, personal: false, name: 'Vendor risk' } });

describe('what each role is shown', () => {
  it('RequiresPermission shows its children to a role that may, the fallback to one that may not', () => {
    const ui = (
      <RequiresPermission permission="vendors.write" fallback={<p>read only</p>}>
        <button>Add</button>
      </RequiresPermission>
    );
    renderWithProviders(ui, asRole('editor'));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    renderWithProviders(ui, asRole('viewer'));
    expect(screen.getByText('read only')).toBeInTheDocument();
  });

  it('a viewer reads the vendors without Crawl or Delete; an editor has both', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([vendor]) } });
    const viewer = renderWithProviders(<VendorsList />, asRole('viewer'));
    const row = await screen.findByTestId('vendor-row');
    expect(within(row).getByRole('link', { name: 'Acme' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete Acme' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Crawl Acme' })).not.toBeInTheDocument();
    viewer.unmount();

    renderWithProviders(<VendorsList />, asRole('editor'));
    const editorRow = await screen.findByTestId('vendor-row');
    expect(within(editorRow).getByRole('button', { name: 'Delete Acme' })).toBeInTheDocument();
    expect(within(editorRow).getByRole('button', { name: 'Crawl Acme' })).toBeInTheDocument();
  });

  it("a viewer reads a vendor's crawler settings with every field disabled and no Save", () => {
    const settings = {
      vendorId: VENDOR_ID,
      maxPages: 10,
      crawlDelay: 1000,
      startUrls: ['https://acme.example/'],
      allowedDomains: [],
      excludePatterns: [],
      keepQueryParams: [],
      ignoreSelectors: [],
      ignoreTextPatterns: [],
    };
    renderWithProviders(<CrawlerSettingsForm vendorId={VENDOR_ID} settings={settings as never} />, asRole('viewer'));
    expect(screen.getByRole('textbox', { name: 'Max Pages' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Start URLs' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it("crawler configurations are an admin's: an editor reads them without Add, Edit or Delete", async () => {
    mockFetch({
      'GET /api/crawler-configs': {
        body: [
          {
            id: 'c1',
            name: 'Bee',
            type: 'scrapingbee',
            apiEndpoint: 'https://app.scrapingbee.com/api/v1',
            isActive: true,
            hasApiKey: true,
          },
        ],
      },
    });
    renderWithProviders(<CrawlerConfigs />, asRole('editor'));
    const row = await screen.findByTestId('crawler-config-row');
    expect(row).toHaveTextContent('Bee');
    expect(screen.queryByRole('button', { name: 'Add Crawler' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Edit Bee' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete Bee' })).not.toBeInTheDocument();
  });

  it.each([
    ['owner', ['Members', 'Invitations', 'API keys', 'Audit log']],
    ['admin', ['Members', 'Invitations', 'API keys', 'Audit log']],
    ['editor', []],
    ['viewer', []],
  ] as const)('the navigation shows the workspace settings an %s may use', (role, expected) => {
    renderWithProviders(
      <AppShell>
        <AppNavigation onNavigate={() => {}} onLogout={() => {}} loggingOut={false} />
      </AppShell>,
      asRole(role),
    );
    const settings = screen.queryByRole('navigation', { name: 'Workspace settings' });
    const links = settings
      ? within(settings)
          .getAllByRole('link')
          .map((link) => link.textContent)
      : [];
    expect(links).toEqual(expected);
  });
});
