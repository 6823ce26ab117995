import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';
import { createApp } from './app';

async function main(): Promise<void> {
  const app = await createApp();
  app.enableShutdownHooks();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.PORT, host: config.HOST });
  // The start script looks for this line; people look for the URL.
  console.log(`Vendorwatch is running: open ${publicUrl(config)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
