import { startFixtureSite } from './fixture-site';
import { startScrapingBeeServer } from './scrapingbee-server';

/**
 * Demo servers for `npm start` walkthroughs: `node test-support/dist/serve.js` (after
 * `npx tsc -p test-support`) prints the fixture site's URL and a ScrapingBee endpoint with key `demo-key`.
 */
async function main(): Promise<void> {
  const site = await startFixtureSite({ slowMs: 1000 });
  const bee = await startScrapingBeeServer({ keys: { 'demo-key': 1000 } });
  console.log(`Fixture site:          ${site.url}/`);
  console.log(`ScrapingBee endpoint:  ${bee.endpoint}  (api key: demo-key)`);
  const stop = async () => {
    await Promise.all([site.close(), bee.close()]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main();
