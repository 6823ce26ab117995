import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Screenshots live under DATA_DIR/screenshots/<jobId>/. The row keeps the path relative to
 * DATA_DIR, so the backend (which shares DATA_DIR) can serve it wherever the directory is mounted.
 */
export class ScreenshotStore {
  constructor(private readonly dataDir: string) {}

  async save(jobId: string, url: string, png: Buffer): Promise<string> {
    const name = `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.png`;
    const relative = path.posix.join('screenshots', jobId, name);
    await mkdir(path.join(this.dataDir, 'screenshots', jobId), { recursive: true });
    await writeFile(path.join(this.dataDir, relative), png);
    return relative;
  }
}
