import { createPublicKey } from 'node:crypto';
import { announceFailure, announceReady, serveCommands } from '../lib/ipc.mjs';
import { requireFrom } from '../lib/paths.mjs';

// The product's own mapper: the same JSON as the API, not a copy of it.
const { toCrawlJob } = requireFrom('backend', './dist/modules/crawls/crawl-job.mapper.js');

const { configSchema } = requireFrom('backend', '@vendorwatch/runtime');
const Fastify = requireFrom('backend', 'fastify');
const jwt = requireFrom('backend', 'jsonwebtoken');
const { openDatabase, AuthSessionsRepository, CrawlJobsRepository, DashboardRepository, WorkspacesRepository } = requireFrom(
  'backend',
  '@vendorwatch/db',
);

/**
 * B4's peer: a bare Fastify server answering the same three polling requests from the same
 * database with the product's own repositories (so the SQL is identical) — it checks the same
 * bearer token the same way (ES256 signature, audience, issuer, open session within its lifetime),
 * reads the caller's workspace as the API does without an X-Workspace-Id header (their personal
 * one, on every request) and sends the same JSON, but has no Nest, no guards, pipes, filters,
 * helmet, CORS or request logging. B4 checks both answer alike before it measures.
 *
 * Settings (VW_BENCH_CONFIG): { DATABASE_URL, DATABASE_POOL_SIZE, PORT, apiUrl } — apiUrl is the
 * product API whose JWKS and issuer the tokens come from.
 */
const config = JSON.parse(process.env.VW_BENCH_CONFIG ?? '{}');
/** The product's default session lifetime (its config schema's, as the API runs it here): a session older than it is over. */
const SESSION_MAX_LIFETIME_MS = configSchema.shape.AUTH_SESSION_MAX_LIFETIME_SECONDS.parse(undefined) * 1000;

async function main() {
  const { keys } = await (await fetch(`${config.apiUrl}/auth/v1/.well-known/jwks.json`)).json();
  const publicKeys = new Map(keys.map((key) => [key.kid, createPublicKey({ key, format: 'jwk' })]));
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: Number(config.DATABASE_POOL_SIZE ?? 10) });
  const sessions = new AuthSessionsRepository(database.db);
  const jobs = new CrawlJobsRepository(database.db);
  const dashboard = new DashboardRepository(database.db);
  const workspaces = new WorkspacesRepository(database.db);

  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const kid = token && jwt.decode(token, { complete: true })?.header?.kid;
    const key = kid && publicKeys.get(kid);
    if (!key) return reply.code(401).send({ statusCode: 401, message: 'Unauthorized' });
    try {
      const claims = jwt.verify(token, key, { algorithms: ['ES256'], audience: 'authenticated', issuer: config.issuer });
      const startedAfter = new Date(Date.now() - SESSION_MAX_LIFETIME_MS);
      if (!(await sessions.findActive(claims.sub, claims.session_id, startedAfter))) throw new Error('session ended');
      request.userId = claims.sub;
    } catch {
      return reply.code(401).send({ statusCode: 401, message: 'Unauthorized' });
    }
    const membership = await workspaces.personalOf(request.userId);
    if (!membership) return reply.code(403).send({ statusCode: 403, message: 'Not a member of this workspace' });
    request.workspaceId = membership.workspaceId;
  });
  app.get('/api/crawls/status', async (request) => (await jobs.listActive(request.workspaceId)).map(toCrawlJob));
  app.get('/api/crawls/:id', async (request, reply) => {
    const row = await jobs.find(request.workspaceId, request.params.id);
    return row ? toCrawlJob(row) : reply.code(404).send({ statusCode: 404, message: 'Crawl job not found' });
  });
  app.get('/api/dashboard/summary', (request) => dashboard.figures(request.workspaceId));
  await app.listen({ port: Number(config.PORT), host: '127.0.0.1' });

  serveCommands({
    shutdown: async () => {
      await app.close();
      await database.close();
    },
  });
  announceReady({ url: `http://127.0.0.1:${config.PORT}` });
}

main().catch(announceFailure);
