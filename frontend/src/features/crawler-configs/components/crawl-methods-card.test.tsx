import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlMethodsCard } from './crawl-methods-card';

describe('Settings: the crawl methods', () => {
  it('says what each method is for in plain words, beside the names the product uses', () => {
    renderWithProviders(<CrawlMethodsCard />);
    const method = (id: string) => within(screen.getByTestId(`crawl-method-${id}`));
    expect(method('puppeteer').getByText('Full browser')).toBeInTheDocument();
    expect(method('puppeteer').getByText('Puppeteer')).toBeInTheDocument();
    expect(method('api').getByText('Scraping service')).toBeInTheDocument();
    expect(method('api').getByText('API')).toBeInTheDocument();
    expect(method('http').getByText('Quick HTTP')).toBeInTheDocument();
    expect(screen.getByTestId('crawl-method-http')).toHaveTextContent(/without running their scripts/);
    expect(method('adaptive').getByText('Quick HTTP + browser where needed')).toBeInTheDocument();
    expect(screen.getByTestId('crawl-method-adaptive')).toHaveTextContent(/with the browser where the site needs it/);
  });
});
