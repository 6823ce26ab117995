import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { NotFound } from './not-found';

const renderAt = (initialEntries: string[]) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Dashboard screen</p>} />
      <Route path="/vendors" element={<p>Vendors screen</p>} />
      <Route path="*" element={<NotFound />} />
    </Routes>,
    { initialEntries },
  );

describe('NotFound', () => {
  it("says 'Page Not Found'", () => {
    renderAt(['/nowhere']);
    expect(screen.getByRole('heading', { name: MESSAGES.pages.notFound })).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    const { user } = renderAt(['/vendors', '/nowhere']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Vendors screen')).toBeInTheDocument();
  });

  it('Go to Dashboard opens /', async () => {
    const { user } = renderAt(['/vendors', '/nowhere']);
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });
});
