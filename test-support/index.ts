export * from './fixture-site';
export * from './scrapingbee-server';
