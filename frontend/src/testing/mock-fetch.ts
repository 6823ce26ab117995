import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path without origin, e.g. "/api/vendors/1". */
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** A body sent as is (a file download) instead of `body` as JSON, with its headers. */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

type Handler = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

/**
 * Replaces `fetch` with a table of routes keyed "METHOD /path" (the network boundary: the API
 * client and supabase-js run for real on top of it). Unknown routes answer 404 so a test
 * calling something unexpected fails loudly. Returns the spy plus a helper to list the calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: MockRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: rawBody ? JSON.parse(rawBody) : undefined,
    };
    const handler = routes[`${method} ${url.pathname}`];
    const {
      status = 200,
      body,
      raw,
      headers,
    } = handler
      ? typeof handler === 'function'
        ? await handler(request)
        : handler
      : ({ status: 404, body: { statusCode: 404, message: `No mock for ${method} ${url.pathname}` } } as MockResponse);
    if (raw !== undefined) return new Response(raw, { status, headers });
    const hasBody = body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(body) : null, {
      status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', spy);

  const requests = (): MockRequest[] =>
    spy.mock.calls.map(([input, init = {}]) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      return {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        search: url.search,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
    });

  return { spy, requests };
}
