import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config';

/** Structured JSON logs (pino) for both backend and worker; secrets are redacted. */
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
            },
          }),
        }),
      ],
    };
  }
}

/**
 * Failures at warn/error; changes at info; successful reads at debug. The dashboard and the crawler
 * page poll every few seconds per open tab: at info, those lines were most of the log and a fifth of
 * the API's CPU under load (bench B4 profile: writev). LOG_LEVEL=debug shows them again.
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
