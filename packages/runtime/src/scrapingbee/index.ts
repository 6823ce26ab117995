export * from './scrapingbee-client';
