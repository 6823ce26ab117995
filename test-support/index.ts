export * from './fixture-site';
export * from './scrapingbee-server';
export * from './wait-for';
export * from './tcp-proxy';
export * from './redis-server';
export * from './endless-server';
export * from './tarpit-server';
