import { randomInt } from 'node:crypto';
import { digestOf } from './opaque-tokens';

/** How many codes a set holds, as GitHub and Google issue them. */
export const RECOVERY_CODE_COUNT = 10;

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so a printed code reads back right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 16 characters of 31: about 79 random bits, beyond guessing and beyond brute-forcing a digest. */
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new code, written in groups of four: `k7qm-3xra-pz9d-w2hn`. */
export function newRecoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** A typed code's digest: case, spaces and dashes do not matter. Undefined when it cannot be a recovery code. */
export function recoveryCodeDigest(typed: string): string | undefined {
  const normalised = typed.toLowerCase().replace(/[\s-]/g, '');
  if (normalised.length !== GROUPS * GROUP_LENGTH || ![...normalised].every((c) => ALPHABET.includes(c))) return undefined;
  return digestOf(normalised);
}
