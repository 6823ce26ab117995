import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local server speaking ScrapingBee's HTML API (GET /api/v1/?api_key&url&render_js, and
 * GET /api/v1/usage?api_key), fetching targets for real. As documented by ScrapingBee: render_js
 * defaults to true and costs 5 credits, 1 without; the target's headers come back prefixed `Spb-`
 * beside `Spb-cost`, `Spb-initial-status-code` (the first response's status, e.g. 301) and
 * `Spb-resolved-url` (where redirects ended). By default only 2xx and 404 pages pass through (a
 * 2xx as 200) and other target statuses become a 500; `transparent_status_code=true` returns the
 * page's status as is. API errors are JSON `{message}`: 401 for an unknown key and for exhausted
 * credits, 429 beyond the key's concurrency, 500 (not charged) when the target cannot be fetched.
 */
export interface ScrapingBeeServerOptions {
  /** api key → monthly credits (default: { 'test-key': 1000 }). */
  keys?: Record<string, number>;
  /** Concurrent requests allowed per key (default 5). */
  maxConcurrency?: number;
  /** Extra time before answering, to make concurrency observable (default 0). */
  delayMs?: number;
}

export interface ScrapingBeeCall {
  apiKey: string;
  url: string;
  renderJs: boolean;
  status: number;
  cost: number;
}

export interface ScrapingBeeServer {
  /** e.g. http://127.0.0.1:PORT/api/v1/ — what a crawler configuration's api_endpoint holds. */
  endpoint: string;
  setCredits(apiKey: string, maxCredits: number, used?: number): void;
  usage(apiKey: string): { max: number; used: number } | undefined;
  calls: ScrapingBeeCall[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade']);
const MAX_REDIRECTS = 10;

export async function startScrapingBeeServer(options: ScrapingBeeServerOptions = {}): Promise<ScrapingBeeServer> {
  const accounts = new Map<string, { max: number; used: number; active: number }>();
  for (const [key, max] of Object.entries(options.keys ?? { 'test-key': 1000 })) accounts.set(key, { max, used: 0, active: 0 });
  const maxConcurrency = options.maxConcurrency ?? 5;
  const calls: ScrapingBeeCall[] = [];
  const sockets = new Set<Socket>();

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://scrapingbee.local');
    const path = url.pathname.replace(/\/+$/, '');
    const apiKey = url.searchParams.get('api_key') ?? '';
    const account = accounts.get(apiKey);
    if (path !== '/api/v1' && path !== '/api/v1/usage') return json(res, 404, { message: 'Not found' });
    if (!account) return json(res, 401, { message: `Invalid api key: ${apiKey}` });
    if (path === '/api/v1/usage') {
      return json(res, 200, {
        max_api_credit: account.max,
        used_api_credit: account.used,
        max_concurrency: maxConcurrency,
        current_concurrency: account.active,
        renewal_subscription_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
    }
    const target = url.searchParams.get('url');
    if (!target) return json(res, 400, { message: 'Missing url parameter' });
    const renderJs = url.searchParams.get('render_js') !== 'false';
    const cost = renderJs ? 5 : 1;
    if (account.used + cost > account.max) return json(res, 401, { message: `Monthly API calls limit reached: ${account.max}` });
    if (account.active >= maxConcurrency) return json(res, 429, { message: 'Too many concurrent requests.' });
    account.active++;
    const call: ScrapingBeeCall = { apiKey, url: target, renderJs, status: 0, cost: 0 };
    calls.push(call);
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      let scraped: Awaited<ReturnType<typeof scrape>>;
      try {
        scraped = await scrape(target);
      } catch (error) {
        call.status = 500;
        return json(res, 500, { message: `Error while fetching ${target}: ${(error as Error).message}` });
      }
      const transparent = url.searchParams.get('transparent_status_code') === 'true';
      const passes = scraped.status === 404 || (scraped.status >= 200 && scraped.status < 300);
      if (!transparent && !passes) {
        call.status = 500;
        return json(res, 500, { message: `Server responded with ${scraped.status}`, status: scraped.status });
      }
      account.used += cost;
      call.cost = cost;
      call.status = transparent ? scraped.status : scraped.status === 404 ? 404 : 200;
      const headers: Record<string, string | string[]> = {
        'spb-cost': String(cost),
        'spb-initial-status-code': String(scraped.initialStatus),
        'spb-resolved-url': scraped.finalUrl,
        'content-type': scraped.headers.get('content-type') ?? 'text/html',
      };
      scraped.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') headers[`spb-${name}`] = value;
      });
      // One Spb-Set-Cookie header per cookie, as the target sent them.
      const cookies = scraped.headers.getSetCookie();
      if (cookies.length > 0) headers['spb-set-cookie'] = cookies;
      res.writeHead(call.status, headers).end(scraped.body);
    } finally {
      account.active--;
    }
  };

  const server = http.createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/api/v1/`,
    setCredits(apiKey, max, used = 0) {
      const account = accounts.get(apiKey);
      if (account) Object.assign(account, { max, used });
      else accounts.set(apiKey, { max, used, active: 0 });
    },
    usage: (apiKey) => {
      const account = accounts.get(apiKey);
      return account && { max: account.max, used: account.used };
    },
    calls,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Fetches like the real service: follows redirects itself, remembering the first status. */
async function scrape(target: string) {
  let current = target;
  let initialStatus: number | null = null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await fetch(current, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    initialStatus ??= response.status;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      current = new URL(location, current).href;
      continue;
    }
    return {
      status: response.status,
      initialStatus,
      finalUrl: current,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  }
  throw new Error('too many redirects');
}
