import net from 'node:net';

/**
 * A hostile HTTP receiver: it reads the request, then answers one byte every `intervalMs` and never
 * finishes — in its status line and headers (`stall: 'headers'`), or after complete headers, in a
 * chunked body that never ends (`stall: 'body'`). It counts the connections it holds open.
 */
export interface TarpitServer {
  url: string;
  /** Connections accepted so far. */
  accepted(): number;
  /** Connections open now (the client has not given up on them). */
  open(): number;
  close(): Promise<void>;
}

export async function startTarpitServer({
  stall,
  intervalMs = 5000,
}: {
  stall: 'headers' | 'body';
  intervalMs?: number;
}): Promise<TarpitServer> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    const answer = stall === 'headers' ? 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\n' : '1\r\nx\r\n'.repeat(1_000_000);
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const drip = () => {
      if (socket.destroyed || sent >= answer.length) return;
      socket.write(answer[sent++]!);
      timer = setTimeout(drip, intervalMs);
    };
    socket.once('data', () => {
      if (stall === 'body') socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n');
      drip();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    accepted: () => accepted,
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
