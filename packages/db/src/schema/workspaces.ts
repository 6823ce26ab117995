import type { AuditActorType, WorkspaceRole } from '@vendorwatch/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WorkspaceId } from '../workspace-id';
import { users } from './auth';

/** The column holds one of the four roles. */
const isRole = (column: SQL | object) => sql`${column} in ('owner', 'admin', 'editor', 'viewer')`;

/**
 * Where data belongs (issue 33): a team's shared space, or a user's personal one. Every user has
 * exactly one personal workspace, made with the account (a trigger on `users`, migration 0016) and
 * never deleted; others are made by their first owner.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').$type<WorkspaceId>().primaryKey().defaultRandom(),
    name: text('name').notNull(),
    personal: boolean('personal').notNull().default(false),
    /** Who made it; for a personal workspace, whose it is. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_one_personal_per_user')
      .on(t.createdBy)
      .where(sql`${t.personal}`),
  ],
);

/** Who belongs to a workspace, and with which role. The /api guard reads it on every request. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_id_idx').on(t.userId),
    check('workspace_members_role_check', isRole(t.role)),
  ],
);

/**
 * An emailed invitation to join with a role: accepted once, by a signed-in user whose confirmed
 * address is `email`, until `expires_at`, unless revoked. Only the token's SHA-256 is kept.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_hash_key').on(t.tokenHash),
    // One open invitation per address and workspace: inviting again replaces it.
    uniqueIndex('workspace_invitations_one_open_per_email')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('workspace_invitations_role_check', isRole(t.role)),
  ],
);

/**
 * A workspace's API keys: `vwk_` and 43 base62 characters, of which only the SHA-256 is kept (the
 * key is 256 random bits: a fast hash is as safe as a slow one here, and lets the guard find the key
 * by its hash in one indexed read). `prefix` and `last4` let people tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .$type<WorkspaceId>()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_workspace_id_idx').on(t.workspaceId),
    check('api_keys_role_check', isRole(t.role)),
  ],
);

/**
 * Every change made in a workspace, by whom (a user or an API key, with the label they had then),
 * from where, to what, and a summary that never holds a secret. Append-only for everyone: a trigger
 * (migration 0016) refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so no cascade can delete an
 * entry either: the trail of a deleted workspace or member stays.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').$type<WorkspaceId>().notNull(),
    /** Milliseconds, as JavaScript reads them: an export's keyset (at, id) then compares exactly. */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('audit_log_workspace_at_idx').on(t.workspaceId, t.at.desc(), t.id.desc()),
    index('audit_log_workspace_actor_at_idx').on(t.workspaceId, t.actorId, t.at.desc()),
    index('audit_log_workspace_action_at_idx').on(t.workspaceId, t.action, t.at.desc()),
    check('audit_log_actor_type_check', sql`${t.actorType} in ('user', 'api_key')`),
  ],
);

/**
 * `workspace_id` of a table a workspace owns: cascades with the workspace, never null, and without a
 * default: every insert names the workspace it writes to (the insert types require it), so a writer
 * that forgot it does not compile rather than landing the row in someone's personal workspace.
 */
export const workspaceIdColumn = () =>
  uuid('workspace_id')
    .$type<WorkspaceId>()
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });
