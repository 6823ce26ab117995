export * from './config';
export * from './config.module';
export * from './database.module';
export * from './logger.module';
export * from './crypto';
export * from './secrets.module';
export * from './scrapingbee';
export * from './queue';
