import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * supabase-js sends `Content-Type: application/json` on every auth call, a DELETE without a body
 * included (fetch then sends no Content-Length at all), and clients of /api do the same. Supabase
 * Auth takes such a request as one without a body; Fastify's JSON parser refuses it (400 "Body
 * cannot be empty…"). A request that carries no body has its content type dropped before parsing,
 * so it simply has no body; a body that is there is parsed as strictly as ever.
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request) => {
    if (request.headers['content-type'] !== undefined && carriesNoBody(request)) delete request.headers['content-type'];
  });
}

/** HTTP/1.1 framing: without Transfer-Encoding, a body is there only when Content-Length says so. */
function carriesNoBody({ headers }: FastifyRequest): boolean {
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = headers['content-length'];
  return length === undefined || length === '0';
}
