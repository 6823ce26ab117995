import { type AddressGuard, findSsrfRefusal } from '@vendorwatch/runtime';
import type { HTTPRequest, Page } from 'puppeteer';

const BLOCKABLE = new Set(['image', 'font', 'media']);
const CHECK_TTL_MS = 30_000;

/**
 * Request interception, the second layer behind the FilteringProxy: refuses forbidden hosts
 * before Chromium even asks the proxy (and remembers why, for the page record), drops favicon
 * fetches, and blocks images/fonts/media when no screenshot needs them.
 */
export class RequestFilter {
  readonly refusals = new Map<string, string>();
  private readonly checks = new Map<string, { at: number; refusal: string | null }>();
  blockResources = false;

  constructor(private readonly guard: AddressGuard) {}

  async attach(page: Page): Promise<void> {
    await page.setRequestInterception(true);
    page.on('request', (request) => void this.decide(request));
  }

  private async decide(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return void request.continue().catch(() => undefined);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return void request.abort('blockedbyclient').catch(() => undefined);
    }
    const navigation = request.isNavigationRequest();
    const refuse = !['http:', 'https:'].includes(parsed.protocol)
      ? `${parsed.protocol} URLs are not crawled`
      : await this.refusalFor(parsed.hostname);
    if (refuse) {
      this.refusals.set(url, refuse);
      return void request.abort('addressunreachable').catch(() => undefined);
    }
    if (!navigation && (parsed.pathname === '/favicon.ico' || (this.blockResources && BLOCKABLE.has(request.resourceType())))) {
      return void request.abort('blockedbyclient').catch(() => undefined);
    }
    await request.continue().catch(() => undefined);
  }

  private async refusalFor(host: string): Promise<string | null> {
    if (this.guard.allowPrivate) return null;
    const cached = this.checks.get(host);
    if (cached && Date.now() - cached.at < CHECK_TTL_MS) return cached.refusal;
    let refusal: string | null = null;
    try {
      await this.guard.check(host.replace(/^\[|\]$/g, ''));
    } catch (error) {
      // DNS failures are left to Chromium, which reports them as such.
      refusal = findSsrfRefusal(error)?.message ?? null;
    }
    this.checks.set(host, { at: Date.now(), refusal });
    return refusal;
  }
}
