import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH, '..');

/**
 * `require` as a workspace sees it: the peers load htmlparser2, undici, pg … exactly as the
 * product resolves them, so both sides run the same versions.
 */
export function requireFrom(workspace, id) {
  return createRequire(path.join(ROOT, workspace, 'package.json'))(id);
}
