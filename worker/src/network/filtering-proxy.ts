import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { pipeline, type Duplex } from 'node:stream';
import { findSsrfRefusal, type AddressGuard } from '@vendorwatch/runtime';

/** The header a refused plain-HTTP request carries, so the fetcher can record the reason. */
export const REFUSED_HEADER = 'x-vendorwatch-refused';

export interface FilteringProxyOptions {
  guard: AddressGuard;
  /** Another proxy (PROXY_URL) to forward through; its own DNS decides, so we check before forwarding. */
  upstream?: string;
}

/**
 * A small HTTP/CONNECT proxy on 127.0.0.1 that every Chromium request goes through. It resolves
 * and connects itself with the AddressGuard's lookup, so Chromium can never reach an address the
 * guard refuses — whatever DNS answers, however many redirects, whichever subresource.
 */
export class FilteringProxy {
  private readonly sockets = new Set<Duplex>();
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly upstream: URL | null;

  private constructor(
    private readonly server: http.Server,
    private readonly guard: AddressGuard,
    upstream: string | undefined,
  ) {
    this.upstream = upstream ? new URL(upstream) : null;
  }

  static async start(options: FilteringProxyOptions): Promise<FilteringProxy> {
    const server = http.createServer();
    const proxy = new FilteringProxy(server, options.guard, options.upstream);
    server.on('request', (req, res) => void proxy.forward(req, res));
    server.on('connect', (req, socket, head) => void proxy.tunnel(req, socket, head));
    server.on('connection', (socket: Socket) => proxy.track(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    return proxy;
  }

  get url(): string {
    const { port } = this.server.address() as net.AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
  }

  /** Plain HTTP: the request line carries the absolute URL. */
  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('only http:// is proxied without CONNECT');
    } catch {
      res.writeHead(400).end('Bad proxy request');
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    try {
      this.guard.assertLiteral(target.hostname);
      if (this.upstream) await this.guard.check(target.hostname);
    } catch (error) {
      return this.refuse(res, error);
    }
    const upstream = this.upstream;
    const outgoing = http.request(
      upstream
        ? {
            host: upstream.hostname,
            port: upstream.port || 80,
            path: target.href,
            method: req.method,
            headers: { ...headers, ...proxyAuth(upstream) },
          }
        : {
            host: target.hostname.replace(/^\[|\]$/g, ''),
            port: target.port || 80,
            path: target.pathname + target.search,
            method: req.method,
            headers,
            lookup: this.guard.lookup as never,
            agent: this.agent,
          },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        // pipeline, not pipe: an answer the site cuts off mid-body cuts Chromium's off too, which then
        // reports it (ERR_INCOMPLETE_CHUNKED_ENCODING …) instead of waiting for the rest until its timeout.
        pipeline(answer, res, () => undefined);
      },
    );
    outgoing.on('error', (error) => this.refuse(res, error));
    req.pipe(outgoing);
  }

  /** HTTPS (and anything else) arrives as CONNECT host:port; we open the TCP connection ourselves. */
  private async tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    let host: string;
    let port: number;
    try {
      const parsed = new URL(`http://${req.url}`);
      host = parsed.hostname.replace(/^\[|\]$/g, '');
      port = Number(parsed.port || 443);
      this.guard.assertLiteral(host);
      if (this.upstream) await this.guard.check(host);
    } catch (error) {
      return this.refuseTunnel(client, error);
    }
    const server = this.upstream
      ? await this.connectThroughUpstream(this.upstream, `${req.url}`).catch((e: Error) => e)
      : this.connectDirect(host, port);
    if (server instanceof Error) return this.refuseTunnel(client, server);
    this.track(server);
    const onError = (error: Error) => this.refuseTunnel(client, error);
    server.once('error', onError);
    const established = () => {
      server.off('error', onError);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) server.write(head);
      server.pipe(client);
      client.pipe(server);
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
      server.on('close', () => client.destroy());
      client.on('close', () => server.destroy());
    };
    if (this.upstream) established();
    else server.once('connect', established);
  }

  private connectDirect(host: string, port: number): Socket {
    return net.connect({ host, port, lookup: this.guard.lookup as never });
  }

  /** Opens a tunnel through the upstream proxy and resolves once it answered 200. */
  private connectThroughUpstream(upstream: URL, authority: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: upstream.hostname, port: Number(upstream.port || 80) });
      const auth = proxyAuth(upstream)['proxy-authorization'];
      socket.once('error', reject);
      socket.once('connect', () =>
        socket.write(
          `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
        ),
      );
      let buffered = '';
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('latin1');
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        socket.off('data', onData);
        socket.off('error', reject);
        if (/^HTTP\/1\.[01] 200/.test(buffered)) resolve(socket);
        else {
          socket.destroy();
          reject(new Error(`upstream proxy refused the tunnel: ${buffered.split('\r\n')[0]}`));
        }
      };
      socket.on('data', onData);
    });
  }

  private refuse(res: ServerResponse, error: unknown): void {
    if (res.headersSent) return void res.destroy();
    const refusal = findSsrfRefusal(error);
    if (refusal) res.writeHead(403, { [REFUSED_HEADER]: refusal.message, 'content-type': 'text/plain' }).end(refusal.message);
    else res.writeHead(502, { 'content-type': 'text/plain' }).end(`Proxy error: ${(error as Error).message}`);
  }

  private refuseTunnel(client: Duplex, error: unknown): void {
    if (client.destroyed) return;
    const refusal = findSsrfRefusal(error);
    const status = refusal ? '403 Forbidden' : '502 Bad Gateway';
    const refused = refusal ? `${REFUSED_HEADER}: ${refusal.message.replace(/[\r\n]/g, ' ')}\r\n` : '';
    client.end(`HTTP/1.1 ${status}\r\n${refused}content-length: 0\r\n\r\n`);
  }
}

function proxyAuth(upstream: URL): Record<string, string> {
  if (!upstream.username) return {};
  const credentials = `${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}
