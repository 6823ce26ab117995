import { DEFAULT_PROGRAMME_TIERS, MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorListItem, vendorPage, workspace } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorsList } from './vendors-list';

const vendor = (id: string, name: string, extra: Partial<VendorListItem> = {}): VendorListItem =>
  vendorListItem({ id, name, url: `https://${id}.example`, description: `${name} description`, ...extra });

describe('VendorsList', () => {
  it("says 'No vendors found' for an empty list", async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([]) } });
    renderWithProviders(<VendorsList />);

    expect(screen.getByLabelText('Loading vendors')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.vendors.noneFound)).toBeInTheDocument();
    expect(screen.queryAllByTestId('vendor-row')).toHaveLength(0);
  });

  it('renders a row per vendor in the order the server gave, links opening in a new tab', async () => {
    mockFetch({
      'GET /api/vendors': { body: vendorPage([vendor('b', 'Beta'), vendor('a', 'Alpha', { description: '' })]) },
    });
    renderWithProviders(<VendorsList />);

    const rows = await screen.findAllByTestId('vendor-row');
    expect(rows.map((row) => within(row).getByTestId('vendor-link').textContent)).toEqual(['Beta', 'Alpha']);

    // The URL reads without its scheme, on one line (never broken mid-word); the link keeps all of it.
    const link = within(rows[0]!).getByRole('link', { name: 'b.example' });
    expect(link).toHaveAttribute('title', 'https://b.example');
    expect(link).toHaveAttribute('href', 'https://b.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(rows[0]!).getByText('Beta description')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Crawl Beta' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Alpha' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.vendors.noneFound)).not.toBeInTheDocument();
  });

  it("shows each vendor's latest compliance label in its colour, opening the report", async () => {
    mockFetch({
      'GET /api/vendors': {
        body: vendorPage([
          vendor('a', 'Alpha', { compliance: { reportId: 'r-a', rate: 95, label: 'Compliant' } }),
          vendor('b', 'Beta', { compliance: { reportId: 'r-b', rate: 72.5, label: 'Partially Compliant' } }),
          vendor('c', 'Gamma', { compliance: { reportId: 'r-c', rate: 12, label: 'Non-Compliant' } }),
          vendor('d', 'Delta'),
        ]),
      },
    });
    renderWithProviders(<VendorsList />);

    const rows = await screen.findAllByTestId('vendor-row');
    const badges = rows.slice(0, 3).map((row) => within(row).getByTestId('vendor-compliance'));
    expect(badges.map((badge) => [badge.textContent, badge.dataset.color])).toEqual([
      ['Compliant', 'green'],
      ['Partially Compliant', 'yellow'],
      ['Non-Compliant', 'red'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Alpha compliance report' })).toHaveAttribute('href', '/reports/r-a');
    expect(within(rows[3]!).getByTestId('vendor-compliance-none')).toHaveTextContent('—');
  });

  it('never turns a non-http URL into a link', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([vendor('x', 'Evil', { url: 'javascript:alert(1)' })]) } });
    renderWithProviders(<VendorsList />);

    const row = await screen.findByTestId('vendor-row');
    expect(within(row).queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    // The only links left are the app's own vendor and crawler pages.
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/vendors/x', '/crawler/x']);
  });

  it("shows 'Failed to load vendors' with the server's reason", async () => {
    mockFetch({ 'GET /api/vendors': { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    renderWithProviders(<VendorsList />);

    const alert = await screen.findByTestId('vendors-error');
    expect(alert).toHaveTextContent(MESSAGES.vendors.loadFailed);
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('opens the Configure Crawl dialog with the method choice', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([vendor('a', 'Alpha')]) } });
    const { user } = renderWithProviders(<VendorsList />);

    await user.click(await screen.findByRole('button', { name: 'Crawl Alpha' }));

    const dialog = await screen.findByRole('dialog', { name: 'Configure Crawl' });
    for (const method of ['Puppeteer', 'API', 'HTTP']) {
      expect(within(dialog).getByText(method)).toBeInTheDocument();
    }
    // Without onStartCrawl (the screen supplies it) there is nothing to start.
    expect(within(dialog).getByRole('button', { name: 'Start Crawl' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a running or queued crawl on the Crawl button, which opens that crawl instead of starting another', async () => {
    const crawl = (id: string, status: 'queued' | 'running' | 'completed', progress: number) => ({
      id,
      state: status,
      status,
      method: 'http' as const,
      progress,
      pagesDone: Math.round(progress / 10),
      pagesPlanned: 10,
      error: null,
      createdAt: '2026-11-29T06:00:00.000Z',
      completionTime: status === 'completed' ? '2026-11-29T06:05:00.000Z' : null,
    });
    mockFetch({
      'GET /api/vendors': {
        body: vendorPage([
          vendor('a', 'Alpha', { lastCrawl: crawl('11111111-1111-4111-8111-111111111111', 'running', 40) }),
          vendor('b', 'Beta', { lastCrawl: crawl('22222222-2222-4222-8222-222222222222', 'queued', 0) }),
          vendor('c', 'Gamma', { lastCrawl: crawl('33333333-3333-4333-8333-333333333333', 'completed', 100) }),
        ]),
      },
    });
    const { user } = renderWithProviders(<VendorsList />);

    const rows = await screen.findAllByTestId('vendor-row');
    const running = within(rows[0]!).getByRole('link', { name: 'HTTP crawl running for Alpha, 40 % done: open it' });
    expect(running).toHaveTextContent('Crawling… 40 %');
    expect(running).toHaveAttribute('href', '/crawls/11111111-1111-4111-8111-111111111111');
    expect(within(rows[0]!).queryByRole('button', { name: 'Crawl Alpha' })).not.toBeInTheDocument();
    await user.hover(running);
    expect(await screen.findByText('HTTP crawl running: 4 of 10 pages — open it')).toBeInTheDocument();

    expect(within(rows[1]!).getByRole('link', { name: /HTTP crawl queued for Beta/ })).toHaveTextContent('Queued…');
    // A finished crawl leaves the button as it was: it configures a new one.
    await user.click(within(rows[2]!).getByRole('button', { name: 'Crawl Gamma' }));
    expect(await screen.findByRole('dialog', { name: 'Configure Crawl' })).toBeInTheDocument();
  });

  it("shows each vendor's grade, vulnerable libraries and last assessment, and says so before the first", async () => {
    mockFetch({
      'GET /api/vendors': {
        body: vendorPage([
          vendor('a', 'Alpha', {
            grade: 'B',
            rate: 88,
            label: 'Partially Compliant',
            vulnerableLibraries: 2,
            lastAssessedAt: '2026-03-04T10:00:00Z',
            compliance: { reportId: 'r-a', rate: 88, label: 'Partially Compliant' },
          }),
          vendor('b', 'Beta'),
        ]),
      },
    });
    renderWithProviders(<VendorsList />);

    const [alpha, beta] = await screen.findAllByTestId('vendor-row');
    expect(within(alpha!).getByTestId('vendor-grade')).toHaveTextContent('B');
    expect(within(alpha!).getByLabelText('Alpha: grade B')).toBeInTheDocument();
    expect(within(alpha!).getByTestId('vendor-vulnerable-libraries')).toHaveTextContent('2');
    expect(alpha).toHaveTextContent(new Date('2026-03-04T10:00:00Z').getFullYear().toString());
    expect(within(beta!).getByLabelText('Beta: not graded')).toBeInTheDocument();
    expect(beta).toHaveTextContent('Not yet');
    expect(screen.getByTestId('vendor-list-range')).toHaveTextContent('2 vendors');
  });

  it('asks the server for the view in the URL: search, filters, sort and page', async () => {
    const { requests } = mockFetch({ 'GET /api/vendors': { body: vendorPage([vendor('a', 'Alpha')], 60) } });
    renderWithProviders(<VendorsList />, { initialEntries: ['/vendors?q=acme&grade=F&sort=rate&order=asc&page=2'] });

    await screen.findByTestId('vendor-row');
    const asked = new URLSearchParams(requests().find((r) => r.path === '/api/vendors')!.search);
    expect(Object.fromEntries(asked)).toEqual({ q: 'acme', grade: 'F', sort: 'rate', order: 'asc', page: '2', limit: '25' });
    expect(screen.getByLabelText('Search vendors')).toHaveValue('acme');
    expect(screen.getByTestId('vendor-list-range')).toHaveTextContent('26–26 of 60 vendors');
    expect(screen.getByRole('columnheader', { name: /Compliance/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by a column heading (again: the other way), filters by grade and pages, back to page 1 on a new filter', async () => {
    const { requests } = mockFetch({ 'GET /api/vendors': { body: vendorPage([vendor('a', 'Alpha')], 80) } });
    const { user } = renderWithProviders(<VendorsList />, { initialEntries: ['/vendors'] });
    const lastAsked = () =>
      Object.fromEntries(
        new URLSearchParams(
          requests()
            .filter((r) => r.path === '/api/vendors')
            .at(-1)!.search,
        ),
      );

    await screen.findByTestId('vendor-row');
    await user.click(screen.getByTestId('sort-grade'));
    await waitFor(() => expect(lastAsked()).toMatchObject({ sort: 'grade', order: 'asc' }));
    await user.click(screen.getByTestId('sort-grade'));
    await waitFor(() => expect(lastAsked()).toMatchObject({ sort: 'grade', order: 'desc' }));

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('combobox', { name: 'Grade' }));
    await user.click(await screen.findByRole('option', { name: 'Grade F' }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ grade: 'F', sort: 'grade' }));
    expect(lastAsked().page).toBe('1');
  });

  it("shows each vendor's tier and review status, and filters by both", async () => {
    const { requests } = mockFetch({
      'GET /api/vendors': {
        body: vendorPage([
          vendor('a', 'Alpha', {
            tier: 1,
            review: { status: 'overdue', reason: 'The review was due on 1 Mar 2026', lastReviewedAt: null, nextReviewAt: null },
          }),
          vendor('b', 'Beta'),
        ]),
      },
    });
    const { user } = renderWithProviders(<VendorsList tiers={DEFAULT_PROGRAMME_TIERS} />, { initialEntries: ['/vendors'] });
    const rows = await screen.findAllByTestId('vendor-row');
    expect(
      rows.map((row) => [
        within(row).getByTestId('tier-badge').textContent,
        within(row).getByTestId('review-status-badge').textContent,
      ]),
    ).toEqual([
      ['Tier 1 · Critical', 'Overdue'],
      ['No tier', 'Not reviewed'],
    ]);
    expect(within(rows[0]!).getByLabelText('Review: Overdue. The review was due on 1 Mar 2026')).toBeInTheDocument();

    const lastAsked = () =>
      Object.fromEntries(
        new URLSearchParams(
          requests()
            .filter((r) => r.path === '/api/vendors')
            .at(-1)!.search,
        ),
      );
    await user.click(screen.getByRole('combobox', { name: 'Tier' }));
    await user.click(await screen.findByRole('option', { name: '1 · Critical' }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ tier: '1' }));
    await user.click(screen.getByRole('combobox', { name: 'Review status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(lastAsked()).toMatchObject({ tier: '1', reviewStatus: 'overdue' }));
  });

  it('says when nothing matches the search, not that there are no vendors', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([]) } });
    renderWithProviders(<VendorsList />, { initialEntries: ['/vendors?q=zzz'] });
    expect(await screen.findByTestId('vendors-empty')).toHaveTextContent('No vendors match the search and filters');
  });

  it('imports a file: every refused row named, nothing added; then the summary of what was added and skipped', async () => {
    let refuse = true;
    mockFetch({
      'GET /api/vendors': { body: vendorPage([vendor('a', 'Alpha')]) },
      'POST /api/vendors/import': () =>
        refuse
          ? {
              status: 400,
              body: {
                statusCode: 400,
                message: 'Nothing was imported: fix the rows listed and import the file again (1 row with errors)',
                errors: [{ row: 3, column: 'url', reason: MESSAGES.vendors.invalidUrl }],
              },
            }
          : { status: 201, body: { created: 1, skipped: [{ row: 2, reason: MESSAGES.vendorList.duplicateUrl }] } },
    });
    const { user } = renderWithProviders(<VendorsList />);
    await user.click(await screen.findByTestId('import-vendors'));
    const dialog = await screen.findByRole('dialog', { name: 'Import vendors' });
    const file = new File(['name,url\nA,a.example\nB,javascript:x\n'], 'vendors.csv', { type: 'text/csv' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(within(dialog).getByTestId('import-submit'));

    const errors = await within(dialog).findByTestId('import-errors');
    expect(errors).toHaveTextContent('1 row with errors');
    expect(within(errors).getByRole('row', { name: /3 url Invalid URL format/ })).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByTestId('import-submit'));
    const summary = await within(dialog).findByTestId('import-summary');
    expect(summary).toHaveTextContent('1 vendor added');
    expect(summary).toHaveTextContent(`1 row skipped:Row 2: ${MESSAGES.vendorList.duplicateUrl}`);
  });

  it('moves the chosen vendors to a workspace where the user is admin or owner', async () => {
    const team = workspace({ id: '33333333-3333-4333-8333-333333333333', name: 'Risk team', role: 'admin', personal: false });
    const viewerOnly = workspace({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Read only',
      role: 'viewer',
      personal: false,
    });
    const { requests } = mockFetch({
      'GET /api/vendors': { body: vendorPage([vendor('a', 'Alpha'), vendor('b', 'Beta')]) },
      'POST /api/vendors/move': { body: { moved: 1 } },
    });
    const current = workspace();
    const { user } = renderWithProviders(<VendorsList />, { workspace: current, workspaces: [current, team, viewerOnly] });

    await user.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));
    await user.click(screen.getByTestId('move-vendors'));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 vendor' });
    await user.click(within(dialog).getByRole('combobox', { name: 'To workspace' }));
    expect(screen.queryByRole('option', { name: 'Read only' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Risk team' }));
    await user.click(within(dialog).getByTestId('move-submit'));

    await waitFor(() =>
      expect(requests().find((r) => r.path === '/api/vendors/move')?.body).toEqual({ vendorIds: ['b'], toWorkspaceId: team.id }),
    );
    expect(await screen.findByText('1 vendor moved')).toBeInTheDocument();
  });
});
