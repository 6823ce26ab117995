import { MESSAGES, type VendorCrawlerSettings } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlerSettingsForm } from './crawler-settings-form';

const VENDOR_ID = '11111111-1111-4111-8111-111111111111';
const M = MESSAGES.crawlerSettings;

const settings: VendorCrawlerSettings = {
  vendorId: VENDOR_ID,
  saved: true,
  maxPages: 100,
  crawlDelay: 2000,
  startUrls: ['https://acme.example'],
  allowedDomains: [],
  excludePatterns: [],
  keepQueryParams: [],
  ignoreSelectors: [],
  ignoreTextPatterns: [],
};

const renderForm = () => renderWithProviders(<CrawlerSettingsForm vendorId={VENDOR_ID} settings={settings} />);

// Labels carry a required asterisk, hence the prefix match.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

describe('CrawlerSettingsForm', () => {
  // Every rule of spec section 5, each with the input that breaks it.
  it.each([
    ['Max Pages', '', M.maxPagesRequired],
    ['Max Pages', '0', M.maxPagesMin],
    ['Max Pages', '1001', M.maxPagesMax],
    ['Max Pages', '2.5', M.wholeNumber],
    ['Crawl Delay (ms)', '', M.crawlDelayRequired],
    ['Crawl Delay (ms)', '499', M.crawlDelayMin],
    ['Crawl Delay (ms)', '10001', M.crawlDelayMax],
    ['Crawl Delay (ms)', '750.5', M.wholeNumber],
    ['Start URLs', '', M.startUrlsRequired],
    ['Start URLs', 'https://acme.example\nnot a url', M.invalidUrl],
    ['Allowed Domains', 'acme.example\nbad domain!', M.invalidDomain],
    ['Keep Query Parameters', 'ref\nutm source', M.invalidQueryParam],
  ])('%s = %j shows %j, focuses the field and saves nothing', async (label, input, message) => {
    const { requests } = mockFetch({});
    const { user } = renderForm();

    await user.clear(field(label));
    if (input) await user.type(field(label), input);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field(label)).toHaveFocus();
    expect(requests()).toHaveLength(0);
  });

  it('saves the lists split by line and trimmed, and announces it', async () => {
    const { requests } = mockFetch({
      [`PUT /api/vendors/${VENDOR_ID}/crawler-settings`]: ({ body }: MockRequest) => ({
        body: { vendorId: VENDOR_ID, saved: true, ...(body as object) },
      }),
    });
    const { user } = renderForm();

    await user.clear(field('Max Pages'));
    await user.type(field('Max Pages'), '25');
    await user.type(field('Start URLs'), '\n  https://acme.example/blog  \n\n');
    await user.type(field('Allowed Domains'), 'acme.example\n*.acme-cdn.example');
    await user.type(field('Exclude Patterns'), '/admin/**\n*.pdf');
    await user.type(field('Keep Query Parameters'), 'ref\n');
    await user.type(field('Ignore Elements (change detection)'), 'div.promo');
    await user.type(field('Ignore Text (change detection)'), 'Served by node *');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    expect(requests()[0]?.body).toEqual({
      maxPages: 25,
      crawlDelay: 2000,
      startUrls: ['https://acme.example', 'https://acme.example/blog'],
      allowedDomains: ['acme.example', '*.acme-cdn.example'],
      excludePatterns: ['/admin/**', '*.pdf'],
      keepQueryParams: ['ref'],
      ignoreSelectors: ['div.promo'],
      ignoreTextPatterns: ['Served by node *'],
    });
  });

  it('explains that exclude patterns are globs matched against the URL path', () => {
    mockFetch({});
    renderForm();
    expect(field('Exclude Patterns')).toHaveAccessibleDescription(expect.stringMatching(/glob.*URL path.*\/admin\/\*\*/));
  });

  it("toasts 'Failed to save settings' and puts the server's field errors on the fields", async () => {
    mockFetch({
      [`PUT /api/vendors/${VENDOR_ID}/crawler-settings`]: {
        status: 400,
        body: { statusCode: 400, message: M.invalidUrl, errors: [{ path: 'startUrls.0', message: M.invalidUrl }] },
      },
    });
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(M.saveFailed)).toBeInTheDocument();
    expect(field('Start URLs')).toHaveAccessibleDescription(expect.stringContaining(M.invalidUrl));
  });
});
