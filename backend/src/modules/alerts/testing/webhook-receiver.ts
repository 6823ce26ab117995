import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A webhook receiver on 127.0.0.1 that keeps every request; it answers 500 to its first `failFirst`, then 200. */
export async function startWebhookReceiver({ failFirst = 0 } = {}) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answered = received.length < failFirst ? 500 : 200;
      received.push({ path: req.url ?? '', headers: req.headers, body, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** The paths requested so far, in order. */
    paths: () => received.map((request) => request.path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
