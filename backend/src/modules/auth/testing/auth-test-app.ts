import { Controller, Get, Module } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfigModule, AppLoggerModule, DatabaseModule } from '@vendorwatch/runtime';
import { createTestDatabase, type TestDatabase } from '@vendorwatch/db/testing';
import { Logger } from 'nestjs-pino';
import { CurrentUser, Public, type AuthUser } from '../../../common/auth-user';
import { HttpExceptionFilter } from '../../../common/http-exception.filter';
import { AuthModule } from '../auth.module';

/** A guarded /api route that answers with what the guard put on the request. */
@Controller('api/auth-probe')
class AuthProbeController {
  @Get()
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }

  @Public()
  @Get('public')
  open() {
    return { ok: true };
  }
}

export interface AuthTestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The auth module as the backend runs it (same config, database, logger, global filter and
 * Fastify adapter) plus a probe controller, on 127.0.0.1 with its own database. Other feature
 * modules are left out so these tests depend on nothing but auth.
 */
export async function startAuthTestApp(
  overrides: Record<string, string | undefined> = {},
  database?: TestDatabase,
): Promise<AuthTestApp> {
  const db = database ?? (await createTestDatabase());
  @Module({
    imports: [
      AppConfigModule.forRoot({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, SMTP_URL: '', ...overrides }),
      AppLoggerModule.forRoot(),
      DatabaseModule,
      AuthModule,
    ],
    controllers: [AuthProbeController],
    providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
  })
  class AuthTestModule {}

  const app = await NestFactory.create<NestFastifyApplication>(AuthTestModule, new FastifyAdapter({ trustProxy: true }), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as { port: number };
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database: db,
    async close() {
      await app.close();
      if (!database) await db.drop();
    },
  };
}
