import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'test-artifacts');

/** The built frontend the app under test serves (`npm run build:frontend`), unless E2E_FRONTEND_DIST names another. */
export const FRONTEND_DIST = process.env.E2E_FRONTEND_DIST ?? path.resolve(__dirname, '..', 'frontend', 'dist');

/** Debian's Chromium with the flags this machine type needs (see STACK-NOTES). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A new page whose waits are generous: CI shares two cores with the suites before it, and each wait
 * still ends on a condition. E2E_TIMEOUT_MS lowers or raises it for a run.
 */
export async function openPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 90_000));
  return page;
}

/** A screenshot kept as a test artifact: what a person would have seen at this step. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** Signs in through the login form, as a returning user would. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Collects the Content-Security-Policy violations a page reports (the console errors Chromium
 * prints for them and the `securitypolicyviolation` events), across navigations.
 */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  void page.addInitScript(() => {
    const report = (globalThis as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
    (globalThis as unknown as { addEventListener(type: string, listener: (event: unknown) => void): void }).addEventListener(
      'securitypolicyviolation',
      (event) => {
        const { violatedDirective, blockedURI } = event as { violatedDirective: string; blockedURI: string };
        report(`${violatedDirective} blocked ${blockedURI}`);
      },
    );
  });
  return violations;
}
