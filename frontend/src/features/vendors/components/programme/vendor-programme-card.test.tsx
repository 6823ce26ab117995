import { DEFAULT_PROGRAMME_TIERS, type VendorListItem, type VendorReview } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VENDOR_ID, vendorListItem } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorProgrammeCard } from './vendor-programme-card';

const members = [
  { userId: '11111111-1111-4111-8111-111111111111', email: 'owner@team.example' },
  { userId: '22222222-2222-4222-8222-222222222222', email: 'analyst@team.example' },
];

const reviewed = (extra: Partial<VendorListItem> = {}) =>
  vendorListItem({
    name: 'Acme',
    tier: 3,
    tierReason: 'Only anonymised extracts reach them',
    ownerUserId: members[1]!.userId,
    contacts: [{ name: 'Dana', email: 'dana@acme.example' }],
    intake: {
      dataAccess: 'sensitive',
      criticality: 'low',
      systemAccess: 'none',
      suggestedTier: 1,
      reasons: [],
      answeredAt: '2026-03-01T10:00:00Z',
    },
    review: {
      status: 'due_now',
      reason: 'The overall grade fell from B to D since the last review',
      lastReviewedAt: '2026-03-02T00:00:00.000Z',
      nextReviewAt: '2027-03-02T00:00:00.000Z',
    },
    ...extra,
  });

const review: VendorReview = {
  id: 'r1',
  decision: 'approved_with_conditions',
  notes: 'Fix HSTS by June',
  reviewedAt: '2026-03-02T00:00:00.000Z',
  reviewerUserId: members[1]!.userId,
  reviewerEmail: 'analyst@team.example',
  grade: 'B',
  assessmentId: null,
  nextReviewAt: '2027-03-02T00:00:00.000Z',
};

describe('VendorProgrammeCard', () => {
  it('shows the tier with its name and reason, the owner, contacts, review status with its reason and the history', async () => {
    mockFetch({ [`GET /api/vendors/${VENDOR_ID}/reviews`]: { body: { items: [review] } } });
    renderWithProviders(<VendorProgrammeCard vendor={reviewed()} tiers={DEFAULT_PROGRAMME_TIERS} members={members} />);

    const card = screen.getByTestId('vendor-programme');
    expect(within(card).getByTestId('tier-badge')).toHaveTextContent('Tier 3 · Medium');
    expect(within(card).getByTestId('tier-reason')).toHaveTextContent('Only anonymised extracts reach them');
    expect(within(card).getByText('analyst@team.example')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'dana@acme.example' })).toHaveAttribute('href', 'mailto:dana@acme.example');
    expect(within(card).getByTestId('review-status-badge')).toHaveTextContent('Due now');
    expect(within(card).getByTestId('review-reason')).toHaveTextContent(
      'The overall grade fell from B to D since the last review',
    );
    expect(within(card).getByText('Next review: 2 Mar 2027')).toBeInTheDocument();

    const entry = await screen.findByTestId('review-entry');
    expect(entry).toHaveTextContent('Approved with conditions');
    expect(entry).toHaveTextContent('grade then B');
    expect(entry).toHaveTextContent('Fix HSTS by June');
  });

  it('runs the intake, and asks for a reason before setting another tier than the suggestion', async () => {
    const fetch = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/reviews`]: { body: { items: [] } },
      [`POST /api/vendors/${VENDOR_ID}/intake`]: {
        body: {
          suggestedTier: 1,
          reasons: ['It handles personal data: tier 2', 'The company depends on its service: tier 2'],
        },
      },
      [`PUT /api/vendors/${VENDOR_ID}`]: ({ body }) => ({ body: { ...vendorListItem(), ...(body as object) } }),
    });
    const { user } = renderWithProviders(
      <VendorProgrammeCard vendor={vendorListItem({ name: 'Acme' })} tiers={DEFAULT_PROGRAMME_TIERS} members={members} />,
    );

    await user.click(screen.getByRole('button', { name: 'Run intake' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Personal data' }));
    await user.click(within(dialog).getByRole('radio', { name: 'High: we depend on it' }));
    await user.click(within(dialog).getByRole('radio', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suggest a tier' }));

    expect(await within(dialog).findByTestId('intake-suggestion')).toHaveTextContent('Suggested: tier 1 · Critical');
    expect(within(dialog).getByText('The company depends on its service: tier 2')).toBeInTheDocument();
    expect(fetch.requests().find((request) => request.method === 'POST')?.body).toEqual({
      dataAccess: 'personal',
      criticality: 'high',
      systemAccess: 'none',
    });

    await user.click(within(dialog).getByRole('combobox', { name: 'Tier to set' }));
    await user.click(await screen.findByRole('option', { name: '2 · High' }));
    const save = within(dialog).getByRole('button', { name: 'Set tier 2' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Why another tier/), 'Contract caps their access');
    await user.click(save);

    await waitFor(() =>
      expect(fetch.requests().find((request) => request.method === 'PUT')?.body).toEqual({
        tier: 2,
        tierReason: 'Contract caps their access',
      }),
    );
  });

  it('records a review with its decision, date and notes', async () => {
    const fetch = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/reviews`]: { body: { items: [] } },
      [`POST /api/vendors/${VENDOR_ID}/reviews`]: { status: 201, body: review },
    });
    const { user } = renderWithProviders(<VendorProgrammeCard vendor={vendorListItem()} members={members} />);
    expect(await screen.findByTestId('review-history-empty')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record review' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Decision' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    const date = within(dialog).getByLabelText('Reviewed on');
    await user.clear(date);
    await user.type(date, '2025-12-01');
    await user.type(within(dialog).getByLabelText('Notes'), 'No DMARC');
    await user.click(within(dialog).getByRole('button', { name: 'Record review' }));

    await waitFor(() =>
      expect(fetch.requests().find((request) => request.method === 'POST')?.body).toEqual({
        decision: 'rejected',
        reviewedAt: '2025-12-01',
        notes: 'No DMARC',
      }),
    );
  });

  it('offers viewers no action', () => {
    mockFetch({ [`GET /api/vendors/${VENDOR_ID}/reviews`]: { body: { items: [] } } });
    renderWithProviders(<VendorProgrammeCard vendor={vendorListItem()} />, { workspace: { role: 'viewer' } });
    expect(screen.queryByRole('button', { name: 'Run intake' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByTestId('tier-badge')).toHaveTextContent('No tier');
    expect(screen.getByTestId('review-status-badge')).toHaveTextContent('Not reviewed');
  });
});
