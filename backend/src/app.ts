import 'reflect-metadata';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LIMITS, WORKSPACE_HEADER } from '@vendorwatch/contracts';
import { loadConfig, requestId, type AppConfig } from '@vendorwatch/runtime';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { acceptEmptyJsonBodies } from './common/empty-json-bodies';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { RejectUnstorableTextPipe } from './common/reject-unstorable-text.pipe';

/**
 * Headers supabase-js sends on every auth call, and X-Workspace-Id (the workspace an /api request acts
 * in): a browser on another origin must be allowed them.
 */
const CORS_HEADERS = [
  'authorization',
  'content-type',
  'apikey',
  'x-client-info',
  'x-supabase-api-version',
  'x-api-key',
  WORKSPACE_HEADER,
];

/**
 * Builds the HTTP application (not yet listening): `main.ts` and the tests share this.
 * `configOverrides` replace environment variables (tests bring their own database and queue
 * prefix); `rootModule` lets a test run a smaller module tree on the same adapter and filters.
 */
export async function createApp(
  configOverrides: Record<string, string | undefined> = {},
  rootModule: (config: AppConfig) => DynamicModule = (config) => AppModule.forRoot(config),
): Promise<NestFastifyApplication> {
  const config = loadConfig({ ...process.env, ...configOverrides });
  // X-Forwarded-For is believed only from as many proxies as the operator says sit in front.
  const trustProxy = config.TRUST_PROXY_HOPS > 0 ? config.TRUST_PROXY_HOPS : false;
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule(config),
    // Every request gets an id (the caller's X-Request-Id when sane): logged on each of its lines, echoed back.
    new FastifyAdapter({
      trustProxy,
      bodyLimit: 1024 * 1024,
      requestIdHeader: false,
      genReqId: requestId,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(new RejectUnstorableTextPipe());
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  acceptEmptyJsonBodies(fastify);

  // Only the origins the operator lists may call with credentials; unset, no cross-origin caller may
  // (the app itself is served from this origin, and the dev server proxies to it).
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
    allowedHeaders: CORS_HEADERS,
    exposedHeaders: ['x-supabase-api-version', 'content-disposition', 'x-request-id'],
  });
  // Only the vendor import reads a file (`request.file()`); the limits bound every multipart body.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.vendorList.importMaxBytes, files: 1, fields: 10, parts: 11 },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(config.SUPABASE_URL ? [config.SUPABASE_URL] : [])],
      },
    },
  });
  await serveFrontend(app, config);
  return app;
}

/** The built single-page app is served from the same origin as /api and /auth/v1. */
async function serveFrontend(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const root = path.resolve(config.FRONTEND_DIST ?? path.join(__dirname, '..', '..', 'frontend', 'dist'));
  if (!existsSync(path.join(root, 'index.html'))) return;
  // Deep links (/vendors, /crawler/…) fall through to index.html in HttpExceptionFilter.
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
}
