import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, DatabaseModule, SecretsModule } from '@vendorwatch/runtime';
import { SigningKeysService } from '../modules/auth-server/signing-keys.service';

@Module({ imports: [AppConfigModule.forRoot(), DatabaseModule, SecretsModule], providers: [SigningKeysService] })
class RotateSigningKeyModule {}

/**
 * `npm run rotate-signing-key`: the embedded auth signs with a new ES256 key from now on. The keys
 * it replaces stay in the JWKS until every token they signed has expired (AUTH_JWT_EXPIRY_SECONDS),
 * so nobody is signed out. Running API processes pick the new key up within a minute. With the
 * embedded database, stop the app first: only one process can open it.
 */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(RotateSigningKeyModule, { logger: ['error', 'warn'] });
  try {
    const { kid } = await app.get(SigningKeysService).rotate();
    console.log(`New signing key ${kid}: it signs from now on; older keys verify until their tokens expire.`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
