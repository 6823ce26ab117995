// The backend and one worker in a single process, sharing the embedded PGlite database
// (PGlite cannot be opened by two processes). Used by `npm start` when DATABASE_URL is unset.
const { createApp } = require('../backend/dist/app');
const { createWorkerApp } = require('../worker/dist/main');
const { APP_CONFIG, publicUrl } = require('../packages/runtime/dist');

async function main() {
  const app = await createApp();
  const config = app.get(APP_CONFIG);
  const worker = await createWorkerApp();
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Vendorwatch is running: open ${publicUrl(config)}`);

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await worker.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
