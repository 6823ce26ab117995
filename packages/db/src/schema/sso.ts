import type { SsoRole } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaceIdColumn } from './workspaces';

/**
 * Accounts at an external identity provider linked to a user (issue 42), as Supabase Auth's
 * auth.identities: the provider's `sub` is who the person is there. One identity per provider and
 * user, and one user per provider and `sub`: a second `sub` claiming the same email is refused.
 */
export const authIdentities = pgTable(
  'auth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSubject: text('provider_subject').notNull(),
    /** The email the provider asserted at the last sign-in. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_identities_provider_subject_key').on(t.provider, t.providerSubject),
    uniqueIndex('auth_identities_provider_user_key').on(t.provider, t.userId),
  ],
);

/**
 * One sign-in through an external provider, from /authorize to the app's code exchange (Supabase
 * Auth's flow_state). The provider sees `state` (kept as its SHA-256); the app's PKCE challenge waits
 * here until the app redeems `auth_code` (also a digest) with its verifier. Each step is spent once.
 */
export const authFlowStates = pgTable(
  'auth_flow_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    stateDigest: text('state_digest').notNull(),
    nonce: text('nonce').notNull(),
    /** The PKCE verifier of this server's own request to the provider. */
    providerCodeVerifier: text('provider_code_verifier').notNull(),
    /** The app's PKCE challenge, redeemed at /token?grant_type=pkce. */
    codeChallenge: text('code_challenge').notNull(),
    codeChallengeMethod: text('code_challenge_method').notNull(),
    redirectTo: text('redirect_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider's answer came back: a second callback with the same state is refused. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    authCodeDigest: text('auth_code_digest'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Whether the provider asserted a second factor (its `amr`): the session starts at aal2. */
    providerMfa: boolean('provider_mfa').notNull().default(false),
    authCodeIssuedAt: timestamp('auth_code_issued_at', { withTimezone: true }),
    authCodeUsedAt: timestamp('auth_code_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_flow_states_state_digest_key').on(t.stateDigest),
    uniqueIndex('auth_flow_states_auth_code_digest_key').on(t.authCodeDigest),
    index('auth_flow_states_created_at_idx').on(t.createdAt),
  ],
);

/**
 * A workspace linked to the identity provider: its members follow the groups claim at each SSO
 * sign-in (`group_roles` maps a group's name to a role; no owner), and with `required` only SSO
 * sessions (and its owners') open it.
 */
export const workspaceSso = pgTable(
  'workspace_sso',
  {
    workspaceId: workspaceIdColumn().primaryKey(),
    groupClaim: text('group_claim').notNull(),
    groupRoles: jsonb('group_roles').$type<Record<string, SsoRole>>().notNull().default({}),
    defaultRole: text('default_role').$type<SsoRole>(),
    required: boolean('required').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspace_sso_default_role_check', sql`${t.defaultRole} is null or ${t.defaultRole} in ('admin', 'editor', 'viewer')`),
  ],
);
