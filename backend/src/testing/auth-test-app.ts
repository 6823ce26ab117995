import { Controller, Get, HttpCode, Module, Post, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfigModule, AppLoggerModule, DatabaseModule, SecretsModule, type AppConfig } from '@vendorwatch/runtime';
import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test-support/smtp-catcher';
import { createApp } from '../app';
import { CurrentUser, Public, type AuthUser } from '../common/auth-user';
import { AccessModule } from '../modules/access/access.module';
import { Requires } from '../modules/access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../modules/access/workspace-context';
import { NotAudited } from '../modules/audit-log/audited.decorator';
import { AuthServerModule } from '../modules/auth-server/auth-server.module';

/** Guarded /api routes that answer with what the guard put on the request; they declare theirs, as every /api route must. */
@Controller('api/auth-probe')
class AuthProbeController {
  /** A person's own route (`account`): no workspace, never an API key. */
  @Requires('account')
  @Get()
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }

  @Public()
  @Get('public')
  open() {
    return { ok: true };
  }

  /** A route that reads in the request's workspace: answers with the guard's workspace context. */
  @Requires('workspace.read')
  @Get('workspace')
  workspace(@Workspace() workspace: WorkspaceContext): WorkspaceContext {
    return workspace;
  }

  /** A route that changes something in the request's workspace (an editor's power). */
  @Requires('vendors.write')
  @Post('workspace')
  @NotAudited('a probe of the guard: changes nothing')
  @HttpCode(200)
  write(@Workspace() workspace: WorkspaceContext): WorkspaceContext {
    return workspace;
  }
}

@Module({})
class AuthTestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthTestModule,
      imports: [
        AppConfigModule.forConfig(config),
        AppLoggerModule.forRoot(),
        DatabaseModule,
        SecretsModule,
        AuthServerModule,
        AccessModule,
      ],
      controllers: [AuthProbeController],
    };
  }
}

export interface AuthTestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The backend's own createApp (adapter, filters, CORS, headers) with only the auth module and a
 * probe controller, on 127.0.0.1 with its own database: these tests depend on nothing but auth.
 */
export async function startAuthTestApp(
  overrides: Record<string, string | undefined> = {},
  database?: TestDatabase,
): Promise<AuthTestApp> {
  const db = database ?? (await createTestDatabase());
  // Rate-limit counters live in Redis: each app counts under its own prefix unless a test shares one on purpose.
  const queuePrefix = overrides.QUEUE_PREFIX ?? `vwtest-${randomBytes(4).toString('hex')}`;
  const app = await createApp(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      SMTP_URL: '',
      FRONTEND_DIST: '/nonexistent',
      QUEUE_PREFIX: queuePrefix,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...overrides,
    },
    (config) => AuthTestModule.forRoot(config),
  );
  // PORT: a test that must name the address up front (an identity provider's redirect URI) picks it.
  await app.listen({ port: Number(overrides.PORT ?? 0), host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database: db,
    async close() {
      await app.close();
      if (!database) await db.drop();
      await deleteKeys(queuePrefix);
    },
  };
}

/** The address the mailing test app puts in its links (tests rewrite it to the real port where they follow one). */
export const MAILED_SITE = 'http://vendorwatch.test';

/**
 * The auth test app sending its emails to a local SMTP catcher, with sign-in limits out of the way
 * of a test file's many sign-ins (the limits have tests of their own).
 */
export type MailingAuthTestApp = AuthTestApp & { smtp: SmtpCatcher };

export async function startMailingAuthTestApp(overrides: Record<string, string | undefined> = {}): Promise<MailingAuthTestApp> {
  const smtp = await startSmtpCatcher();
  const app = await startAuthTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: MAILED_SITE,
    AUTH_RATE_LIMIT_SIGN_IN: '1000',
    ...overrides,
  });
  return {
    ...app,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
    },
  };
}

/** Removes a test's Redis keys (its rate-limit counters). */
async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    const keys = await redis.keys(`*${prefix}:*`); // The throttler wraps keys in {…} hash tags.
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
