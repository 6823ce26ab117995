import { updateCrawlerConfigSchema, createCrawlerConfigSchema, crawlerSettingsSchema } from './packages/contracts/src/index.ts';
console.log(updateCrawlerConfigSchema.parse({ name: 'x' }));
console.log(JSON.stringify(createCrawlerConfigSchema.safeParse({ name: '', type: 'scrapingbee', apiKey: '', apiEndpoint: '' }).error?.issues.map(i=>[i.path,i.message])));
console.log(JSON.stringify(crawlerSettingsSchema.safeParse({ maxPages: 2.5, crawlDelay: '', startUrls: 'a\nhttps://x.com\nb', allowedDomains:'bad domain!', excludePatterns:'' }).error?.issues.map(i=>[i.path,i.message])));
