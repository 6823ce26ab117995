import { Global, Module, type DynamicModule } from '@nestjs/common';
import { loadConfig, type AppConfig } from './config';

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The validated configuration as one injectable object. `forRoot()` reads the environment;
 * tests pass their own values (still validated by the same schema).
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(overrides: Record<string, string | undefined> = {}): DynamicModule {
    return AppConfigModule.forConfig(loadConfig({ ...process.env, ...overrides }));
  }

  /** A configuration the caller already loaded (and may have needed before Nest starts). */
  static forConfig(config: AppConfig): DynamicModule {
    return { module: AppConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
