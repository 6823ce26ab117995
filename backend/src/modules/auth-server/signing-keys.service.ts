import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AuthSigningKeysRepository, type NewSigningKey, type SigningKeyRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { createPrivateKey, generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Jwks, PublicJwk } from '../api-auth/jwks-key-set';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/**
 * The embedded auth's ES256 key pairs, kept in `auth_signing_keys`. The first start creates one;
 * the newest active key signs and every active key is published in the JWKS.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private current?: SigningKey;

  constructor(
    private readonly keys: AuthSigningKeysRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.SUPABASE_URL) return; // Hosted auth signs; this process only verifies.
    let rows = await this.keys.listActive();
    if (rows.length === 0) rows = await this.keys.insertIfNoneActive(generateSigningKey());
    this.current = toSigningKey(rows[0]!);
  }

  signingKey(): SigningKey {
    if (!this.current) throw new Error('The embedded auth has no signing key (is SUPABASE_URL set?)');
    return this.current;
  }

  async jwks(): Promise<Jwks> {
    const rows = await this.keys.listActive();
    return { keys: rows.map((row) => row.publicJwk as PublicJwk) };
  }
}

function toSigningKey(row: SigningKeyRow): SigningKey {
  return { kid: row.kid, privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: 'jwk' }) };
}

function generateSigningKey(): NewSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return {
    kid,
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid },
    // The fields Supabase Auth publishes for its asymmetric keys.
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true },
  };
}
