import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes —
 * OWASP's recommended minimum.
 */
@Injectable()
export class PasswordHasher {
  private decoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(encoded: string, password: string): Promise<boolean> {
    try {
      return await verify(encoded, password);
    } catch {
      return false; // A malformed stored hash is a failed sign-in, not a server error.
    }
  }

  /** For an unknown email: costs what a wrong password costs, so timing does not reveal accounts. */
  async verifyNothing(password: string): Promise<false> {
    this.decoy ??= hash('decoy: no account has this hash');
    await this.verify(await this.decoy, password);
    return false;
  }
}
