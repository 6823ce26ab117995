import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts of the embedded auth (shaped after Supabase Auth's auth.users). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    encryptedPassword: text('encrypted_password').notNull(),
    role: text('role').notNull().default('authenticated'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/**
 * What an emailed one-time token is for: confirming the address, resetting the password, or
 * proving a signed-in user reads their email before a new password (Supabase Auth's reauthentication).
 */
export type OneTimeTokenPurpose = 'confirmation' | 'recovery' | 'reauthentication';

/**
 * Emailed one-time tokens (links and their codes), at most one pending per user and purpose. The
 * table keeps the token's SHA-256 only. A sign-up's password waits here until the address is
 * confirmed, so whoever signs up with an address they do not own never sets its password.
 */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenDigest: text('token_digest').notNull(),
    /** argon2id hash of the password given at sign-up; set on the user when the address is confirmed. */
    pendingPasswordHash: text('pending_password_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_one_time_tokens_token_digest_key').on(t.tokenDigest),
    uniqueIndex('auth_one_time_tokens_user_purpose_key').on(t.userId, t.purpose),
  ],
);

/** A signed-in session; `endedAt` set on logout makes every access token of it invalid at once. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    amr: jsonb('amr').$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens rotate: each use revokes the token and issues a child in the same session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parent: text('parent'),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_token_key').on(t.token), index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** MFA factors (TOTP or phone) — the columns Supabase Auth exposes on `user.factors`. */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull(),
    status: text('status').notNull().default('unverified'),
    /** The TOTP secret, encrypted with the installation's SecretBox. */
    secret: text('secret'),
    phone: text('phone'),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused. */
    lastTimeStep: bigint('last_time_step', { mode: 'number' }),
    /** Too many wrong codes: until then the factor accepts none, the right one included. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_factors_user_id_idx').on(t.userId)],
);

/**
 * Codes tried against a factor, whatever the client address: a row is written before the code is
 * checked (so requests sent at the same moment count each other) and removed when the code was
 * right; the rows left are the wrong codes, counted over a window to lock the factor.
 */
export const mfaCodeAttempts = pgTable(
  'mfa_code_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_code_attempts_factor_id_created_at_idx').on(t.factorId, t.createdAt)],
);

/** A challenge of a factor: verified once, within its expiry, after a few codes at most. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    /** Codes tried against this challenge; past the limit it takes no more. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [index('mfa_challenges_factor_id_idx').on(t.factorId)],
);

/**
 * Recovery codes of a verified factor: ten at a time, each signs in once in place of a code from the
 * authenticator app. Only a SHA-256 digest is kept: the codes are 80 random bits, so a slow hash adds
 * nothing against a stolen database, and a digest can be looked up directly. A new set replaces the old.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    codeDigest: text('code_digest').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_factor_id_code_digest_key').on(t.factorId, t.codeDigest)],
);

/** ES256 signing keys of the embedded auth; the newest active one signs, all active ones verify. */
export const authSigningKeys = pgTable('auth_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
