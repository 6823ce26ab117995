export * from './config';
export * from './config.module';
export * from './database.module';
export * from './logger.module';
export * from './crypto';
