import { Global, Module } from '@nestjs/common';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_CONFIG } from './config.module';
import type { AppConfig } from './config';
import { SecretBox } from './crypto';

/**
 * ENCRYPTION_KEY, or one generated once into DATA_DIR/secrets.json, so a fresh `npm start` works
 * and restarts can still read what they encrypted. Written exclusively: two processes starting
 * together agree on one key.
 */
export function resolveEncryptionKey(config: AppConfig): string {
  if (config.ENCRYPTION_KEY) return config.ENCRYPTION_KEY;
  const file = path.join(config.DATA_DIR, 'secrets.json');
  const read = () => (JSON.parse(readFileSync(file, 'utf8')) as { encryptionKey: string }).encryptionKey;
  try {
    return read();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify({ encryptionKey: SecretBox.generateKey() }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return read();
  }
}

@Global()
@Module({
  providers: [
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SecretBox(resolveEncryptionKey(config)) },
  ],
  exports: [SecretBox],
})
export class SecretsModule {}
