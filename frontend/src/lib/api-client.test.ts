import { MESSAGES } from '@vendorwatch/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { api, crawlerService, retryDelayMs } from './api-client';
import { ApiError } from './api-error';
import { onWorkspaceAccessLost, setRequestWorkspace } from './workspace/request-workspace';

vi.mock('./supabase', () => ({ getAccessToken: vi.fn(async () => 'token-123') }));

describe('api client', () => {
  it('sends the bearer token and JSON body, and parses the JSON answer', async () => {
    const { requests } = mockFetch({ 'POST /api/vendors': { status: 201, body: { id: 'v1' } } });

    await expect(api.post('/api/vendors', { name: 'Acme' })).resolves.toEqual({ id: 'v1' });

    const [request] = requests();
    expect(request?.headers.get('authorization')).toBe('Bearer token-123');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'Acme' });
  });

  it('omits the token for bootstrap calls', async () => {
    const { requests } = mockFetch({ 'GET /api/public-config': { body: {} } });
    await api.get('/api/public-config', { auth: false });
    expect(requests()[0]?.headers.has('authorization')).toBe(false);
  });

  it('reads a file as a Blob with the bearer token, and an error answer still as an ApiError', async () => {
    const { requests } = mockFetch({
      'GET /api/crawls/j1/pages/p1/screenshot': { body: 'png-bytes' },
      'GET /api/crawls/j1/pages/p2/screenshot': { status: 404, body: { statusCode: 404, message: 'Screenshot not found' } },
    });

    const blob = await api.getBlob('/api/crawls/j1/pages/p1/screenshot');
    expect(await blob.text()).toBe('"png-bytes"');
    expect(requests()[0]?.headers.get('authorization')).toBe('Bearer token-123');
    await expect(api.getBlob('/api/crawls/j1/pages/p2/screenshot')).rejects.toMatchObject({
      status: 404,
      message: 'Screenshot not found',
    });
  });

  it('resolves undefined for a 204', async () => {
    mockFetch({ 'DELETE /api/vendors/1': { status: 204 } });
    await expect(api.delete('/api/vendors/1')).resolves.toBeUndefined();
  });

  it.each([
    ['body.message', { statusCode: 404, message: 'Not found' }, 'Not found'],
    ['body.error.message', { error: { message: 'Nested reason' } }, 'Nested reason'],
    ['nothing usable', { statusCode: 500 }, MESSAGES.generic.unexpected],
  ])('turns a non-2xx answer into an ApiError using %s', async (_, body, message) => {
    mockFetch({ 'GET /api/thing': { status: 404, body } });
    const error = await api.get('/api/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message, data: body });
  });

  it("exposes a 400's field errors", async () => {
    const body = {
      statusCode: 400,
      message: 'Validation failed',
      errors: [{ path: 'name', message: 'Vendor name is required' }],
    };
    mockFetch({ 'POST /api/vendors': { status: 400, body } });
    const error = await api.post('/api/vendors', {}).catch((e: unknown) => e);
    expect((error as ApiError).fieldErrors).toEqual(body.errors);
  });

  describe('retries', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('backs off 1 s, 2 s, 4 s and caps at 10 s', () => {
      expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000]);
    });

    it('repeats a GET answered 503 until it succeeds', async () => {
      let calls = 0;
      const { spy } = mockFetch({
        'GET /api/vendors': () => (++calls < 3 ? { status: 503, body: { message: 'Busy' } } : { body: ['ok'] }),
      });

      const result = api.get('/api/vendors');
      await vi.advanceTimersByTimeAsync(1000 + 2000);

      await expect(result).resolves.toEqual(['ok']);
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it('gives up after 3 retries with the last 503', async () => {
      const { spy } = mockFetch({ 'GET /api/vendors': { status: 503, body: { message: 'Busy' } } });

      const result = api.get('/api/vendors').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);

      expect(await result).toMatchObject({ status: 503, message: 'Busy' });
      expect(spy).toHaveBeenCalledTimes(4);
    });

    it('retries a GET that got no response, then reports the network error', async () => {
      const spy = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
      vi.stubGlobal('fetch', spy);

      const result = api.get('/api/vendors').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);

      expect(await result).toMatchObject({ status: 0, message: 'Failed to fetch' });
      expect(spy).toHaveBeenCalledTimes(4);
    });

    it('stops retrying when the caller cancels', async () => {
      const { spy } = mockFetch({ 'GET /api/vendors': { status: 503, body: { message: 'Busy' } } });
      const controller = new AbortController();

      const result = api.get('/api/vendors', { signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(500);
      controller.abort();
      await vi.advanceTimersByTimeAsync(10_000);

      expect(await result).toMatchObject({ name: 'AbortError' });
      expect(spy).toHaveBeenCalledTimes(1);
    });

    it("gives the crawler service's calls 30 s, and names a server that cannot be reached", async () => {
      const hang = vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      );
      vi.stubGlobal('fetch', hang);

      const slow = api.post('/api/crawls', {}, crawlerService).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await slow).toMatchObject({ status: 0, message: 'Request timed out after 30 s' });

      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      await expect(api.post('/api/crawls', {}, crawlerService)).rejects.toMatchObject({
        status: 0,
        message: MESSAGES.crawls.couldNotConnect,
      });
    });

    it('never repeats a POST', async () => {
      const { spy } = mockFetch({ 'POST /api/vendors': { status: 503, body: { message: 'Busy' } } });
      await expect(api.post('/api/vendors', {})).rejects.toMatchObject({ status: 503 });
      expect(spy).toHaveBeenCalledTimes(1);
    });
  });

  describe('the workspace of a request', () => {
    afterEach(() => setRequestWorkspace(null));

    it('names the chosen workspace in X-Workspace-Id, and none before one is chosen or for bootstrap calls', async () => {
      const { requests } = mockFetch({ 'GET /api/vendors': { body: [] }, 'GET /api/public-config': { body: {} } });
      await api.get('/api/vendors');
      setRequestWorkspace('22222222-2222-4222-8222-222222222222');
      await api.get('/api/vendors');
      await api.get('/api/public-config', { auth: false });

      expect(requests().map(({ headers }) => headers.get('x-workspace-id'))).toEqual([
        null,
        '22222222-2222-4222-8222-222222222222',
        null,
      ]);
    });

    it("reports 'Not a member of this workspace' so the app can fall back, and still fails the call", async () => {
      mockFetch({
        'GET /api/vendors': { status: 403, body: { statusCode: 403, message: MESSAGES.access.notMember } },
        'DELETE /api/vendors/v1': {
          status: 403,
          body: {
            statusCode: 403,
            message: 'Your role in this workspace (viewer) does not allow this: it needs editor or higher',
          },
        },
      });
      const lost = vi.fn();
      const stop = onWorkspaceAccessLost(lost);

      await expect(api.get('/api/vendors')).rejects.toMatchObject({ status: 403, message: MESSAGES.access.notMember });
      expect(lost).toHaveBeenCalledTimes(1);
      // A role too low is no loss of the workspace.
      await expect(api.delete('/api/vendors/v1')).rejects.toMatchObject({ status: 403 });
      expect(lost).toHaveBeenCalledTimes(1);
      stop();
    });
  });
});
