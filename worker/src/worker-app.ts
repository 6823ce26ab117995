import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, AppLoggerModule, ComplianceModule, DatabaseModule, SecretsModule } from '@vendorwatch/runtime';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';
import type { WorkerOptions } from './worker-tokens';

@Module({})
class WorkerAppModule {
  static forRoot(overrides: Record<string, string | undefined>, options: Partial<WorkerOptions>): DynamicModule {
    return {
      module: WorkerAppModule,
      imports: [
        AppConfigModule.forRoot(overrides),
        AppLoggerModule.forRoot(),
        DatabaseModule.forWorker(),
        ComplianceModule,
        SecretsModule,
        WorkerModule.forRoot(options),
      ],
    };
  }
}

/**
 * A worker as a Nest application context (no HTTP). `overrides` replace environment variables
 * (tests give their own database and queue prefix); `options` tune BullMQ's stall detection.
 * Beside the backend in one process (`npm start` on PGlite) both share one PGlite instance:
 * openDatabase() hands the same one to every holder of a data directory.
 * The caller closes it (`app.close()`): running crawls are handed back to the queue.
 */
export async function createWorkerApp(
  overrides: Record<string, string | undefined> = {},
  options: Partial<WorkerOptions> = {},
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerAppModule.forRoot(overrides, options), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}
