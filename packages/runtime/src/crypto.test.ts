import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { maskSecret, SecretBox } from './crypto';
import { resolveEncryptionKey } from './secrets.module';

describe('SecretBox', () => {
  const box = new SecretBox(SecretBox.generateKey());

  it('round-trips a secret and never stores it in clear', () => {
    const stored = box.encrypt('sb-live-key-1234');
    expect(stored).not.toContain('sb-live-key-1234');
    expect(box.decrypt(stored)).toBe('sb-live-key-1234');
    expect(box.encrypt('sb-live-key-1234')).not.toBe(stored);
  });

  it('refuses a tampered ciphertext and a different key', () => {
    const stored = box.encrypt('secret');
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => new SecretBox(SecretBox.generateKey()).decrypt(stored)).toThrow();
  });

  it('masks all but the last four characters', () => {
    expect(maskSecret('abcdefgh1234')).toBe('••••1234');
    expect(maskSecret('abc')).toBe('••••');
  });

  it('generates one key per data directory and keeps it across restarts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vw-secrets-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveEncryptionKey(config);
    expect(resolveEncryptionKey(config)).toBe(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({ encryptionKey: first });
    expect(resolveEncryptionKey(loadConfig({ DATA_DIR: dir, ENCRYPTION_KEY: 'x'.repeat(44) }))).toBe('x'.repeat(44));
  });
});
