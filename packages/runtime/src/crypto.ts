import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (scraping API keys). The stored form is
 * `v1:<iv>:<tag>:<ciphertext>` in base64url, so the scheme can change without ambiguity.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, 'base64');
    if (this.key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, base64 encoded');
  }

  static generateKey(): string {
    return randomBytes(32).toString('base64');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  /**
   * A keyed digest (HMAC-SHA256) of a secret: equal secrets have equal fingerprints, so a duplicate can
   * be found without decrypting, and the fingerprint tells nothing to whoever reads the table alone.
   */
  fingerprint(plain: string): string {
    return createHmac('sha256', this.key).update(`fingerprint:${plain}`).digest('base64url');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, ciphertext] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unrecognised secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The form an API key is shown in: never the whole key. */
export const maskSecret = (plain: string): string => (plain.length <= 4 ? '••••' : `••••${plain.slice(-4)}`);
