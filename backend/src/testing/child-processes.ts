import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REGISTER_SWC = path.resolve(__dirname, '../../../worker/src/testing/register-swc.js');

/**
 * API and worker processes of their own beside a test app (as a deployment with several of each runs
 * them): each runs the TypeScript sources compiled by SWC and is ready once it prints "ready".
 */
export class ChildProcesses {
  private readonly children: ChildProcess[] = [];

  /** A backend process on `port`, with the test app's settings. */
  api(config: Record<string, string | undefined>, port: number): Promise<ChildProcess> {
    return this.spawn(path.resolve(__dirname, 'api-process.ts'), {
      VW_API_CONFIG: JSON.stringify({ ...config, PORT: String(port) }),
      VW_API_PORT: String(port),
    });
  }

  /** A worker command (one crawling process) serving the test app's database and queue prefix. */
  worker(config: Record<string, string | undefined>, options: Record<string, number> = {}): Promise<ChildProcess> {
    return this.spawn(path.resolve(__dirname, '../../../worker/src/testing/worker-process.ts'), {
      VW_WORKER_OVERRIDES: JSON.stringify({ WORKER_PROCESSES: '1', ...config }),
      VW_WORKER_OPTIONS: JSON.stringify(options),
    });
  }

  async closeAll(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  }

  private async spawn(script: string, env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['-r', REGISTER_SWC, script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited (${code}): ${stderr}`)));
    });
    return child;
  }
}
