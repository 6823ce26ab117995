import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import type { Vendor } from '@vendorwatch/contracts';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';

/**
 * The real backend on a random port with its own database and queue prefix, for one test file.
 * Users are created through the public auth API, as a browser would.
 */
export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  database: TestDatabase;
  queuePrefix: string;
  /**
   * The settings the app runs with (database, queue prefix, data directory, encryption key):
   * a worker started with them (createWorkerApp(t.config)) serves this app.
   */
  config: Record<string, string | undefined>;
  /** Every route the HTTP server registered once the app was built (Fastify's onRoute), HEAD included. */
  routes: RegisteredRoute[];
  signUp(email?: string, password?: string): Promise<TestUser>;
  close(): Promise<void>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Marked as not part of the API (documentation UI files, the queue dashboard). */
  hidden: boolean;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** fetch against `/api…` with this user's bearer token. */
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

/** A port nobody listens on now, so the app's PUBLIC_URL (used in email links) can name it up front. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `reachDatabase` rewrites the test database's URL the app connects with (a fault test puts a TCP
 * proxy it can cut in between); the test's own `database` handle stays direct. `readReplica`
 * gives the app a DATABASE_READ_URL for the same database.
 */
export async function startTestApp(
  overrides: Record<string, string | undefined> = {},
  {
    reachDatabase = (url: string) => url,
    readReplica,
  }: { reachDatabase?: (url: string) => string; readReplica?: (url: string) => string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const queuePrefix = `vwtest-${randomBytes(4).toString('hex')}`;
  const config = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: reachDatabase(database.url!),
    DATABASE_READ_URL: readReplica?.(database.url!),
    QUEUE_PREFIX: queuePrefix,
    AUTH_AUTOCONFIRM: 'true',
    SMTP_URL: '',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    FRONTEND_DIST: '/nonexistent',
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vw-test-app-')),
    ...overrides,
  };
  const app = await createApp(config);
  const routes: RegisteredRoute[] = [];
  // Nest registers its routes when the app starts listening: the hook sees every one of them.
  (app.getHttpAdapter().getInstance() as FastifyInstance).addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
  });
  await app.listen({ port, host: '127.0.0.1' });

  const signUp = async (email = `user-${randomBytes(5).toString('hex')}@example.com`, password = 'correct-horse-9') => {
    const response = await fetch(`${baseUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { access_token?: string; refresh_token?: string; user?: { id: string } };
    if (!response.ok || !body.access_token || !body.user) {
      throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(body)}`);
    }
    const accessToken = body.access_token;
    return {
      id: body.user.id,
      email,
      password,
      accessToken,
      refreshToken: body.refresh_token!,
      api: (path: string, init: RequestInit & { json?: unknown } = {}) => {
        const { json, headers, ...rest } = init;
        return fetch(`${baseUrl}${path}`, {
          ...rest,
          headers: {
            authorization: `Bearer ${accessToken}`,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
            ...(headers as Record<string, string> | undefined),
          },
          body: json === undefined ? rest.body : JSON.stringify(json),
        });
      },
    };
  };

  return {
    app,
    baseUrl,
    database,
    queuePrefix,
    config,
    routes,
    signUp,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A vendor for the fixture site (or any local site), with crawler settings that start at its home page. */
export async function addVendor(
  user: TestUser,
  site: { url: string },
  settings: { maxPages: number; crawlDelay: number; excludePatterns?: string[] },
  name = 'Fixture Co',
): Promise<Vendor> {
  const created = await user.api('/api/vendors', { method: 'POST', json: { name, url: `${site.url}/` } });
  if (created.status !== 201) throw new Error(`adding a vendor failed (${created.status}): ${await created.text()}`);
  const vendor = (await created.json()) as Vendor;
  const saved = await user.api(`/api/vendors/${vendor.id}/crawler-settings`, {
    method: 'PUT',
    json: { startUrls: [`${site.url}/`], ...settings },
  });
  if (saved.status !== 200) throw new Error(`saving crawler settings failed (${saved.status}): ${await saved.text()}`);
  return vendor;
}
