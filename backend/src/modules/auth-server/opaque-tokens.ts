import { createHash, randomBytes } from 'node:crypto';

/** A secret handed to a client (refresh token, email link token): 256 random bits. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of such a secret, so a copy of the database cannot be replayed. */
export const digestOf = (token: string): string => createHash('sha256').update(token).digest('hex');
