import { API_KEY_PREFIX } from '@vendorwatch/contracts';
import { randomInt } from 'node:crypto';
import { digestOf } from '../auth-server/opaque-tokens';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters hold 256 random bits (62^43 > 2^256). */
const SECRET_LENGTH = 43;

export interface NewApiKeySecret {
  /** `vwk_…`: given to the creator once, never stored. */
  key: string;
  /** What is stored and looked up: the key's SHA-256. */
  hash: string;
  /** `vwk_` and the first four characters: tells keys apart in logs and lists. */
  prefix: string;
  last4: string;
}

/**
 * SHA-256, not argon2: a key is 256 random bits, so no dictionary or brute force reaches it through
 * its hash, fast or slow; a slow hash would only cost every API request tens of milliseconds and a
 * salt would stop the guard finding the key by its hash in one indexed read.
 */
export const hashApiKey = (key: string): string => digestOf(key);

export function generateApiKey(): NewApiKeySecret {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 4), last4: key.slice(-4) };
}
