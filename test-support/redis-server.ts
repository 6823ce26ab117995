import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A redis-server of the test's own, with the product's redis.conf (append-only file, noeviction)
 * in a temporary directory: a fault test can kill it and start it again on the same port and
 * data, as an operator's restart or a crash would. The machine's shared Redis keeps nothing on
 * disk, so a restart of that one would lose every job.
 */
export interface RedisServer {
  url: string;
  port: number;
  /** Stops it: SIGKILL (a crash) by default, SIGTERM for a clean shutdown. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const REDIS_CONF = path.resolve(__dirname, '..', 'redis.conf');

export async function startRedisServer(options: { persist?: boolean } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vw-redis-'));
  const persistence = options.persist === false ? ['--appendonly', 'no'] : [REDIS_CONF];
  let child: ChildProcess | null = null;

  const start = async () => {
    const args = [...persistence, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout!.on('data', onData);
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
    started.stdout!.resume();
    child = started;
  };

  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
