/**
 * Single sign-on (issue 42): a workspace linked to the company's OpenID Connect provider takes its
 * members and their roles from the provider's groups, and may require signing in with it.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { fill, MESSAGES } from './messages';
import type { WorkspaceRole } from './workspaces';

const S = LIMITS.sso;
const M = MESSAGES.sso;

/** The provider name supabase-js asks /auth/v1/authorize for (`signInWithOAuth({ provider: 'oidc' })`). */
export const OIDC_PROVIDER = 'oidc';

/** Roles the groups may give: an owner is chosen in the workspace, never by a claim. */
export const SSO_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly WorkspaceRole[];
export type SsoRole = (typeof SSO_ROLES)[number];

/** `amr` values by which the provider says a second factor was used: the session starts at aal2. */
export const SECOND_FACTOR_AMR = ['mfa', 'otp', 'hwk', 'swk'] as const;

/** A role in the mapping: owner refused with its own message. */
const mappedRole = z
  .string({ error: M.invalidRole })
  .max(20, { error: M.invalidRole })
  .superRefine((value, context) => {
    if (value === 'owner') context.addIssue({ code: 'custom', message: M.ownerNotMappable });
    else if (!(SSO_ROLES as readonly string[]).includes(value)) context.addIssue({ code: 'custom', message: M.invalidRole });
  }) as unknown as z.ZodType<SsoRole>;

const groupName = z
  .string({ error: M.groupRequired })
  .trim()
  .min(1, { error: M.groupRequired })
  .max(S.groupMaxLength, { error: fill(M.groupTooLong, { max: S.groupMaxLength }) });

/** PUT /api/workspaces/:id/sso. `linked: false` unlinks (the members stay as they are). */
export const workspaceSsoInputSchema = z.object({
  linked: z.boolean({ error: 'linked must be true or false' }),
  groupClaim: z
    .string({ error: fill(M.claimInvalid, { max: S.claimMaxLength }) })
    .trim()
    .min(1, { error: fill(M.claimInvalid, { max: S.claimMaxLength }) })
    .max(S.claimMaxLength, { error: fill(M.claimInvalid, { max: S.claimMaxLength }) })
    .optional(),
  groupRoles: z
    .record(groupName, mappedRole)
    .refine((value) => Object.keys(value).length <= S.maxGroups, { error: fill(M.tooManyGroups, { max: S.maxGroups }) })
    .meta({ maxProperties: S.maxGroups })
    .default({}),
  defaultRole: mappedRole.nullable().default(null),
  required: z.boolean({ error: 'required must be true or false' }).default(false),
});
export type WorkspaceSsoInput = z.output<typeof workspaceSsoInputSchema>;

export const workspaceSsoSchema = z
  .object({
    linked: z.boolean(),
    groupClaim: z.string().meta({ description: 'The ID token claim listing the groups' }),
    groupRoles: z.record(z.string(), z.enum(SSO_ROLES)).meta({ description: 'A group name → the role it gives' }),
    defaultRole: z
      .enum(SSO_ROLES)
      .nullable()
      .meta({ description: 'The role of someone in no mapped group; null: they are not a member' }),
    required: z.boolean().meta({ description: "Only SSO sessions (and the owners') open the workspace" }),
    providerName: z.string().nullable().meta({ description: 'The provider configured on the server (AUTH_OIDC_NAME), or null' }),
  })
  .meta({ id: 'WorkspaceSso' });
export type WorkspaceSso = z.output<typeof workspaceSsoSchema>;

/**
 * The role the groups give in a linked workspace: the highest of the mapped groups the person is
 * in, else the default role, else none (not a member).
 */
export function roleFromGroups(
  groups: readonly string[],
  groupRoles: Record<string, SsoRole>,
  defaultRole: SsoRole | null,
): SsoRole | null {
  let best: SsoRole | null = null;
  for (const group of groups) {
    const role = groupRoles[group];
    if (role && (best === null || SSO_ROLES.indexOf(role) < SSO_ROLES.indexOf(best))) best = role;
  }
  return best ?? defaultRole;
}

export const ssoMessages = {
  continueWith: (provider: string) => fill(M.continueWith, { provider }),
  workspaceRequiresSso: (provider: string) => fill(M.workspaceRequiresSso, { provider }),
  actorLabel: (provider: string) => fill(M.actorLabel, { provider }),
};
