import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config';

/**
 * Structured JSON logs (pino) for both backend and worker; secrets are redacted. Every line
 * logged while a request is handled carries its `reqId` (a worker's job lines carry `jobId`:
 * see the worker's JobLog). `npm start` shows them human-readable (pino-pretty).
 */
@Module({})
export class AppLoggerModule {
  static forRoot(): DynamicModule {
    return {
      module: AppLoggerModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            pinoHttp: {
              level: config.LOG_LEVEL,
              redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', '*.api_key', '*.password'],
              autoLogging: config.NODE_ENV !== 'test',
              customLogLevel: requestLogLevel,
              // Lines logged inside a request carry its id, not the whole request again.
              quietReqLogger: true,
            },
          }),
        }),
      ],
    };
  }
}

/**
 * Failures at warn/error; changes at info; successful reads at debug. The dashboard and the crawler
 * page poll every few seconds per open tab: at info, those lines were most of the log and a large
 * share of the API's CPU under load. LOG_LEVEL=debug shows them again.
 */
export function requestLogLevel(
  req: { method?: string },
  res: { statusCode: number },
  error?: Error,
): 'error' | 'warn' | 'info' | 'debug' {
  if (error || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400) return 'warn';
  return ['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '') ? 'debug' : 'info';
}

/**
 * The request's id: the caller's (or a proxy's) X-Request-Id when it is a plain token, else a new
 * one. The HTTP server assigns it (Fastify's genReqId) and echoes it; the logger uses the same.
 */
export function requestId(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}
