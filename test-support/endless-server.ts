import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A server that answers every request with a body of `totalBytes` (1 GB by default), generated as it
 * is written, and counts what it managed to send before the client hung up: a client that reads
 * with a ceiling lets go early, one that buffers the whole answer reads it all.
 */
export interface EndlessServer {
  url: string;
  /** Bytes written to each response so far, in request order. */
  sent: number[];
  /** Resolves once every response so far has ended (finished or abandoned by the client). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startEndlessServer({
  totalBytes = 1024 ** 3,
  contentType = 'application/json',
  status = 200,
} = {}): Promise<EndlessServer> {
  const sent: number[] = [];
  const open = new Set<Promise<void>>();
  const sockets = new Set<Socket>();
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const server = http.createServer((req, res) => {
    const index = sent.push(0) - 1;
    const done = new Promise<void>((resolve) => res.on('close', resolve));
    open.add(done);
    void done.then(() => open.delete(done));
    res.writeHead(status, { 'content-type': contentType });
    res.write('{"max_api_credit": 1000, "used_api_credit": 1, "padding": "');
    const pump = () => {
      while (sent[index]! < totalBytes && !res.destroyed) {
        sent[index]! += chunk.byteLength;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    settled: async () => void (await Promise.all([...open])),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
