import http from 'node:http';
import { renderPage } from '../site/generator.mjs';

/**
 * `pages` pages of B11's mostly server-rendered site (kind m) at /p/1 … /p/<pages>, served on 127.0.0.1
 * for the browser diagnostics, which read them the way the product reads pages.
 */
export async function serveSiteMPages(pages) {
  const server = http.createServer((request, response) => {
    const index = Number(/^\/p\/(\d+)$/.exec(request.url ?? '')?.[1]);
    if (!index || index > pages) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html' }).end(renderPage('m', pages + 1, index, ''));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
