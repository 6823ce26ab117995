import type { ProgrammeOverview as Overview } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { ProgrammeOverview } from './programme-overview';

const none = { A: 0, B: 0, C: 0, D: 0, F: 0, ungraded: 0 };

const overview: Overview = {
  tiers: [
    { tier: 1, name: 'Critical', vendors: 3, grades: { ...none, A: 1, F: 2 } },
    { tier: 2, name: 'High', vendors: 1, grades: { ...none, ungraded: 1 } },
    { tier: 3, name: 'Medium', vendors: 0, grades: none },
    { tier: 4, name: 'Low', vendors: 0, grades: none },
  ],
  untiered: { vendors: 2, grades: { ...none, B: 2 } },
  reviews: { not_reviewed: 3, up_to_date: 1, due_soon: 1, overdue: 2, due_now: 1 },
  remediation: { open: 4, overdue: 1, awaitingReview: 2 },
  acceptances: { pending: 1, active: 3, expiringWithin30Days: 1 },
  questionnaires: { open: 2, overdue: 1, submitted: 3 },
  documents: { expiring: 1, expired: 2 },
};

const empty: Overview = {
  tiers: overview.tiers.map((tier) => ({ ...tier, vendors: 0, grades: none })),
  untiered: { vendors: 0, grades: none },
  reviews: { not_reviewed: 0, up_to_date: 0, due_soon: 0, overdue: 0, due_now: 0 },
  remediation: { open: 0, overdue: 0, awaitingReview: 0 },
  acceptances: { pending: 0, active: 0, expiringWithin30Days: 0 },
  questionnaires: { open: 0, overdue: 0, submitted: 0 },
  documents: { expiring: 0, expired: 0 },
};

afterEach(() => vi.restoreAllMocks());

describe('ProgrammeOverview', () => {
  it('links each count of the tier × grade matrix to the vendors list filtered by tier and grade', async () => {
    mockFetch({ 'GET /api/programme/overview': { body: overview } });
    renderWithProviders(<ProgrammeOverview />);
    const matrix = await screen.findByRole('table', { name: 'Vendors by tier and grade' }, { timeout: 10_000 });
    expect(within(matrix).getByRole('link', { name: '1 · Critical, grade F: 2 vendors' })).toHaveAttribute(
      'href',
      '/vendors?tier=1&grade=F',
    );
    expect(within(matrix).getByRole('link', { name: '2 · High, not graded: 1 vendor' })).toHaveAttribute(
      'href',
      '/vendors?tier=2&grade=none',
    );
    expect(within(matrix).getByRole('link', { name: 'No tier, grade B: 2 vendors' })).toHaveAttribute(
      'href',
      '/vendors?tier=none&grade=B',
    );
    expect(within(matrix).getByRole('link', { name: '1 · Critical: 3 vendors' })).toHaveAttribute('href', '/vendors?tier=1');
    // A zero opens nothing.
    expect(within(matrix).queryByRole('link', { name: /3 · Medium, grade A/ })).toBeNull();
    expect(screen.queryByTestId('programme-start')).toBeNull();
  });

  it('shows what is due, each count a link to its filtered list', async () => {
    mockFetch({ 'GET /api/programme/overview': { body: overview } });
    renderWithProviders(<ProgrammeOverview />);
    const reviews = await screen.findByTestId('board-reviews', {}, { timeout: 10_000 });
    expect(within(reviews).getByTestId('reviews-overdue')).toHaveTextContent('Overdue2');
    expect(within(reviews).getByRole('link', { name: 'Overdue' })).toHaveAttribute('href', '/vendors?reviewStatus=overdue');
    expect(within(reviews).getByRole('link', { name: 'Due now' })).toHaveAttribute('href', '/vendors?reviewStatus=due_now');
    expect(within(reviews).getByRole('link', { name: 'Due within 30 days' })).toHaveAttribute(
      'href',
      '/vendors?reviewStatus=due_soon',
    );
    const requests = screen.getByTestId('board-remediation');
    expect(within(requests).getByTestId('remediation-open')).toHaveTextContent('Open4');
    expect(within(requests).getByRole('link', { name: 'Overdue' })).toHaveAttribute(
      'href',
      '/remediation-requests?state=overdue',
    );
    expect(within(requests).getByTestId('remediation-awaiting-review')).toHaveTextContent('Awaiting your review2');
    const acceptances = screen.getByTestId('board-acceptances');
    expect(within(acceptances).getByTestId('acceptances-expiring')).toHaveTextContent('Expiring within 30 days1');
    expect(within(acceptances).getByRole('link', { name: 'Awaiting approval' })).toHaveAttribute(
      'href',
      '/risk-acceptances?state=pending',
    );
    const questionnaires = screen.getByTestId('board-questionnaires');
    expect(within(questionnaires).getByTestId('questionnaires-open')).toHaveTextContent('Open2');
    expect(within(questionnaires).getByTestId('questionnaires-overdue')).toHaveTextContent('Overdue1');
    expect(within(questionnaires).getByTestId('questionnaires-submitted')).toHaveTextContent('awaiting your review3');
    const documents = screen.getByTestId('board-documents');
    expect(within(documents).getByTestId('documents-expiring')).toHaveTextContent('Expiring within 30 days1');
    expect(within(documents).getByRole('link', { name: 'Expired' })).toHaveAttribute('href', '/vendors');
  });

  it('tells an empty workspace how to start', async () => {
    mockFetch({ 'GET /api/programme/overview': { body: empty } });
    renderWithProviders(<ProgrammeOverview />);
    const start = await screen.findByTestId('programme-start', {}, { timeout: 10_000 });
    expect(start).toHaveTextContent('Start your vendor programme');
    expect(start).toHaveTextContent('answer its intake');
    expect(within(start).getByRole('link', { name: 'Add a vendor' })).toHaveAttribute('href', '/vendors');
    expect(screen.queryByTestId('tier-grade-matrix')).toBeNull();
  });

  it('asks for tiers when the vendors have none yet, and still shows the matrix', async () => {
    mockFetch({ 'GET /api/programme/overview': { body: { ...empty, untiered: { vendors: 2, grades: { ...none, C: 2 } } } } });
    renderWithProviders(<ProgrammeOverview />);
    expect(await screen.findByTestId('programme-start', {}, { timeout: 10_000 })).toHaveTextContent('Give your vendors a tier');
    expect(screen.getByTestId('tier-grade-matrix')).toBeInTheDocument();
  });

  it('on a phone shows each tier as a card of grade badges', async () => {
    mockPhoneScreen();
    mockFetch({ 'GET /api/programme/overview': { body: overview } });
    renderWithProviders(<ProgrammeOverview />);
    const matrix = await screen.findByRole('list', { name: 'Vendors by tier and grade' }, { timeout: 10_000 });
    expect(within(matrix).getAllByTestId('tier-row')).toHaveLength(5);
    expect(within(matrix).getByRole('link', { name: '1 · Critical, grade F: 2 vendors' })).toHaveAttribute(
      'href',
      '/vendors?tier=1&grade=F',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
