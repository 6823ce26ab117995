import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { MESSAGES } from '@vendorwatch/contracts';
import { readCappedJson } from '@vendorwatch/runtime';

export type PublicJwk = JsonWebKey & { kid?: string; alg?: string; use?: string; key_ops?: string[] };
export interface Jwks {
  keys: PublicJwk[];
}

/** The algorithms a key may verify. Symmetric (HS*) and `none` are never accepted. */
export type VerificationAlgorithm = 'ES256' | 'RS256';

export interface VerificationKey {
  kid?: string;
  algorithm: VerificationAlgorithm;
  /**
   * Parsed once: handed a PEM, jsonwebtoken parses it again on every request (createPublicKey
   * showed in the API's profile under polling).
   */
  publicKey: KeyObject;
}

export class JwksEmptyError extends Error {
  constructor() {
    super(MESSAGES.auth.jwksEmpty);
  }
}

export class NoMatchingKeyError extends Error {
  constructor() {
    super(MESSAGES.auth.noMatchingKey);
  }
}

/** A key set that answers an unknown kid by fetching again at most this often (rotation vs. abuse). */
const MIN_REFETCH_INTERVAL_MS = 10_000;

/**
 * The verification keys of a JWKS, cached. The same class serves both modes, only the source
 * differs: the embedded auth's keys read in-process, or a hosted project's JWKS over HTTP.
 * (jwks-rsa does the same, but it needs the ESM-only jose, which Jest here cannot load.)
 */
export class JwksKeySet {
  private cached?: { keys: VerificationKey[]; fetchedAt: number };
  private inFlight?: Promise<VerificationKey[]>;

  constructor(
    private readonly source: () => Promise<Jwks>,
    private readonly cacheMs: number,
  ) {}

  async getKey(kid: string | undefined): Promise<VerificationKey> {
    let keys = await this.keys();
    let match = findKey(keys, kid);
    if (!match && this.mayRefetch()) {
      keys = await this.fetch();
      match = findKey(keys, kid);
    }
    if (keys.length === 0) throw new JwksEmptyError();
    if (!match) throw new NoMatchingKeyError();
    return match;
  }

  /** Forgets the cached keys, e.g. after this process added one. */
  invalidate(): void {
    this.cached = undefined;
  }

  private keys(): Promise<VerificationKey[]> {
    const fresh = this.cached && Date.now() - this.cached.fetchedAt < this.cacheMs;
    return fresh ? Promise.resolve(this.cached!.keys) : this.fetch();
  }

  private mayRefetch(): boolean {
    return !this.cached || Date.now() - this.cached.fetchedAt >= MIN_REFETCH_INTERVAL_MS;
  }

  /** Concurrent callers share one fetch. */
  private fetch(): Promise<VerificationKey[]> {
    this.inFlight ??= this.source()
      .then((jwks) => {
        const keys = (Array.isArray(jwks?.keys) ? jwks.keys : []).flatMap(toVerificationKey);
        this.cached = { keys, fetchedAt: Date.now() };
        return keys;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}

/** Without a kid a token can only mean the one key of a single-key set (as jwks-rsa decides). */
function findKey(keys: VerificationKey[], kid: string | undefined): VerificationKey | undefined {
  if (kid === undefined) return keys.length === 1 ? keys[0] : undefined;
  return keys.find((key) => key.kid === kid);
}

function toVerificationKey(jwk: PublicJwk): VerificationKey[] {
  if (jwk.use !== undefined && jwk.use !== 'sig') return [];
  const algorithm = algorithmOf(jwk);
  if (!algorithm || (jwk.alg !== undefined && jwk.alg !== algorithm)) return [];
  try {
    const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
    return [{ kid: typeof jwk.kid === 'string' ? jwk.kid : undefined, algorithm, publicKey }];
  } catch {
    return []; // A malformed entry must not make the other keys unusable.
  }
}

function algorithmOf(jwk: PublicJwk): VerificationAlgorithm | undefined {
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'RSA') return 'RS256';
  return undefined;
}

const JWKS_MAX_BYTES = 256 * 1024;

/** A hosted Supabase project's JWKS. A slow or failing endpoint fails the request, never hangs it. */
export function fetchJwksOverHttp(url: string, timeoutMs = 5000): () => Promise<Jwks> {
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`JWKS request to ${url} failed with status ${response.status}`);
    // A key set is a few KB; anything near the ceiling is not one.
    return await readCappedJson<Jwks>(response, JWKS_MAX_BYTES);
  };
}
