export * from './scrapingbee-client';
export * from './provider-transport';
