import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy the test controls, between a process and a server it depends on (PostgreSQL,
 * Redis): `cut()` drops every connection and refuses new ones, as an outage or a network
 * partition would; `restore()` lets connections through again.
 */
export interface TcpProxy {
  port: number;
  /** Connections refused while cut: a client that keeps trying shows here. */
  readonly refused: number;
  /** `scheme://user@127.0.0.1:PORT/...` of the upstream URL, pointed at the proxy. */
  urlFor(upstreamUrl: string): string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamPort: number, upstreamHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  let refused = 0;
  const server = net.createServer((client) => {
    if (!open) {
      refused++;
      return void client.destroy();
    }
    const upstream = net.connect(upstreamPort, upstreamHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get refused() {
      return refused;
    },
    urlFor(upstreamUrl) {
      const url = new URL(upstreamUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    async close() {
      open = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
