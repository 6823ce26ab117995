import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AuthSigningKeysRepository, type NewSigningKey, type SigningKeyRow } from '@vendorwatch/db';
import { APP_CONFIG, SecretBox, type AppConfig } from '@vendorwatch/runtime';
import { createPrivateKey, generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Jwks, PublicJwk } from '../api-auth/jwks-key-set';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** How a private key is stored: the JWK encrypted with ENCRYPTION_KEY, like the scraping API keys. */
interface StoredPrivateKey {
  encrypted: string;
}

/** How often a process looks for a key another process rotated in (and retires old ones). */
const REFRESH_MS = 60_000;

/**
 * The embedded auth's ES256 key pairs, kept in `auth_signing_keys` with the private half
 * encrypted. The first start creates one; the newest active key signs and every active key is
 * published in the JWKS. `rotate()` (npm run rotate-signing-key) adds a new key that signs from
 * then on; a replaced key stays in the JWKS until every token it signed has expired.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit, OnModuleDestroy {
  private current?: SigningKey;
  private refresher?: NodeJS.Timeout;
  private readonly logger = new Logger(SigningKeysService.name);

  constructor(
    private readonly keys: AuthSigningKeysRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secrets: SecretBox,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.SUPABASE_URL) return; // Hosted auth signs; this process only verifies.
    await this.encryptPlainKeys();
    let rows = await this.keys.listActive();
    if (rows.length === 0) rows = await this.keys.insertIfNoneActive(this.generate());
    this.current = this.toSigningKey(rows[0]!);
    this.refresher ??= setInterval(() => void this.refresh().catch(() => undefined), REFRESH_MS);
    this.refresher.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.refresher);
  }

  signingKey(): SigningKey {
    if (!this.current) throw new Error('The embedded auth has no signing key (is SUPABASE_URL set?)');
    return this.current;
  }

  async jwks(): Promise<Jwks> {
    const rows = await this.keys.listActive();
    return { keys: rows.map((row) => row.publicJwk as PublicJwk) };
  }

  /** A new signing key; the kid of the key it replaces stays verifiable until its tokens expire. */
  async rotate(): Promise<{ kid: string }> {
    const key = this.generate();
    await this.keys.insert(key);
    await this.refresh();
    return { kid: key.kid };
  }

  /** Picks up the newest key (this or another process may have rotated) and retires expired ones. */
  async refresh(): Promise<void> {
    const tokenLifetimeMs = this.config.AUTH_JWT_EXPIRY_SECONDS * 1000;
    const retired = await this.keys.retireSuperseded(new Date(Date.now() - tokenLifetimeMs));
    if (retired > 0) this.logger.log(`Retired ${retired} signing key(s) whose tokens have all expired`);
    const [newest] = await this.keys.listActive();
    if (newest && newest.kid !== this.current?.kid) this.current = this.toSigningKey(newest);
  }

  /** Keys stored before private keys were encrypted are encrypted in place. */
  private async encryptPlainKeys(): Promise<void> {
    for (const row of await this.keys.listAll()) {
      if (isEncrypted(row.privateJwk)) continue;
      await this.keys.replacePrivateJwk(row.kid, this.seal(row.privateJwk));
      this.logger.log(`Encrypted the stored private key of signing key ${row.kid}`);
    }
  }

  private seal(jwk: Record<string, unknown>): Record<string, unknown> {
    return { encrypted: this.secrets.encrypt(JSON.stringify(jwk)) } satisfies StoredPrivateKey;
  }

  private toSigningKey(row: SigningKeyRow): SigningKey {
    const jwk = isEncrypted(row.privateJwk)
      ? (JSON.parse(this.secrets.decrypt(row.privateJwk.encrypted)) as JsonWebKey)
      : row.privateJwk;
    return { kid: row.kid, privateKey: createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' }) };
  }

  private generate(): NewSigningKey {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = randomUUID();
    return {
      kid,
      privateJwk: this.seal({ ...privateKey.export({ format: 'jwk' }), kid }),
      // The fields Supabase Auth publishes for its asymmetric keys.
      publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true },
    };
  }
}

const isEncrypted = (stored: Record<string, unknown>): stored is Record<string, unknown> & StoredPrivateKey =>
  typeof stored.encrypted === 'string' && stored.d === undefined;
