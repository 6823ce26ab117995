import { createRedisClient, loadConfig, readWorkerHeartbeats, type AppConfig } from '@vendorwatch/runtime';
import { hostname } from 'node:os';

/**
 * The worker container's health check (`node worker/dist/healthcheck.js`): healthy while a worker
 * process of this host writes its heartbeat — it then has Redis and takes jobs. A worker's name
 * starts with its host name, which in a container is the container's.
 */
export async function workerOnHostIsAlive(
  config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>,
  host = hostname(),
): Promise<boolean> {
  const redis = createRedisClient(config, 'worker-healthcheck');
  try {
    const beats = await readWorkerHeartbeats(redis, config);
    return beats.some((beat) => beat.id.startsWith(`${host}-`));
  } finally {
    redis.disconnect();
  }
}

if (require.main === module) {
  const timeout = setTimeout(() => process.exit(1), 5000);
  workerOnHostIsAlive(loadConfig()).then(
    (alive) => {
      clearTimeout(timeout);
      process.exit(alive ? 0 : 1);
    },
    () => process.exit(1),
  );
}
