import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DatabaseHandle } from '@vendorwatch/db';
import { AppConfigModule, AppLoggerModule, DatabaseModule, SecretsModule } from '@vendorwatch/runtime';
import { Logger } from 'nestjs-pino';
import { SharedDatabaseModule } from './shared-database.module';
import { WorkerModule } from './worker.module';
import type { WorkerOptions } from './worker-tokens';

@Module({})
class WorkerAppModule {
  static forRoot(
    overrides: Record<string, string | undefined>,
    options: Partial<WorkerOptions>,
    database?: DatabaseHandle,
  ): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        AppLoggerModule.forRoot(),
        database ? SharedDatabaseModule.forHandle(database) : DatabaseModule,
        SecretsModule,
        WorkerModule.forRoot(options),
      ],
    };
  }
}

/**
 * A worker as a Nest application context (no HTTP). `overrides` replace environment variables
 * (tests give their own database and queue prefix); `options` tune BullMQ's stall detection.
 * `database`: the backend's DatabaseHandle (`app.get(DATABASE_HANDLE)`) when the worker runs in the
 * backend's process — required with the embedded PGlite, which one process cannot open twice.
 * The caller closes it (`app.close()`): running crawls are handed back to the queue.
 */
export async function createWorkerApp(
  overrides: Record<string, string | undefined> = {},
  options: Partial<WorkerOptions> = {},
  database?: DatabaseHandle,
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(overrides, options, database), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
