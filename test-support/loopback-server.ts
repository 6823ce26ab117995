import type { AddressInfo, Server, Socket } from 'node:net';

/** A test server listening on 127.0.0.1: its port, and a close that does not wait for kept-alive connections. */
export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1, keeping track of the connections `close` ends at once. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
