import { createApp } from '../app';

/**
 * The backend in its own process, configured by the parent test through VW_API_CONFIG (JSON) and
 * listening on VW_API_PORT, as `node backend/dist/main.js` runs it. Prints "ready" once it listens;
 * SIGTERM closes it gracefully.
 */
async function main(): Promise<void> {
  const config = JSON.parse(process.env.VW_API_CONFIG ?? '{}') as Record<string, string>;
  const app = await createApp(config);
  await app.listen({ port: Number(process.env.VW_API_PORT ?? 0), host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
