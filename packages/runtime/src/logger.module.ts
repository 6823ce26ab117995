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
            },
          }),
        }),
      ],
    };
  }
}
