import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

const sameEndpoint = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * How the server reaches a scraping provider. The operator's own endpoint (SCRAPINGBEE_ENDPOINT)
 * is trusted as configured; an endpoint a user typed into a crawler configuration goes through
 * the SSRF guard, so it cannot point the server (API or worker) at its own network.
 */
export class ProviderTransport {
  private readonly trusted = new Agent({ keepAliveTimeout: 10_000 });

  constructor(
    private readonly operatorEndpoint: string,
    /** A dispatcher that refuses private addresses (see createGuardedAgent). */
    private readonly guarded: Dispatcher,
  ) {}

  dispatcherFor(endpoint: string): Dispatcher {
    return sameEndpoint(endpoint, this.operatorEndpoint) ? this.trusted : this.guarded;
  }

  /** A fetch bound to the right dispatcher, for ScrapingBeeClient's `fetch` option. */
  fetchFor(endpoint: string): typeof fetch {
    const dispatcher = this.dispatcherFor(endpoint);
    return ((input: string | URL, init?: RequestInit) =>
      undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  }

  async close(): Promise<void> {
    await this.trusted.close().catch(() => undefined);
  }
}
