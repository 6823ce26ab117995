/**
 * Teams (issue 33): workspaces, the roles of their members, invitations, API keys and the audit log.
 * The permission table is here, not in the API, so the guard that enforces it and the screens that
 * hide what a role cannot do read the same one.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { fill, MESSAGES } from './messages';
import { emailSchema } from './schemas/auth';
import { isoDateTime, pageLimitQuery, pageQuery, requiredText } from './schemas/common';

const W = LIMITS.workspaces;

/** Highest first. A role holds every power of the roles after it. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, editor: 1, viewer: 0 };

/** Whether `role` is `least` or above it. */
export const roleAtLeast = (role: WorkspaceRole, least: WorkspaceRole): boolean => RANK[role] >= RANK[least];

/** The roles someone with `role` may give an invitation or an API key: their own and below. */
export const rolesUpTo = (role: WorkspaceRole): WorkspaceRole[] => WORKSPACE_ROLES.filter((each) => roleAtLeast(role, each));

/**
 * What a route may do in a workspace, and the least role that may do it (issue 33, item 2):
 * - owner: everything, including deleting the workspace and making someone an owner (transfer);
 * - admin: members and invitations (never an owner's role), crawler configurations, API keys, the audit log;
 * - editor: vendors, crawler settings, crawls (start, cancel, test), schedules, alerts, reassess, projects;
 * - viewer: reads everything in the workspace and exports reports; changes nothing.
 * The one table the /api guard checks (`@Requires(permission)`) and the frontend's `can()` reads.
 */
export const WORKSPACE_PERMISSIONS = {
  'workspace.read': 'viewer',
  'reports.export': 'viewer',
  'vendors.write': 'editor',
  'crawlerSettings.write': 'editor',
  'crawls.run': 'editor',
  'schedules.write': 'editor',
  'alerts.write': 'editor',
  'reports.reassess': 'editor',
  'projects.write': 'editor',
  'crawlerConfigs.write': 'admin',
  'members.manage': 'admin',
  'invitations.manage': 'admin',
  'apiKeys.manage': 'admin',
  'auditLog.read': 'admin',
  'workspace.update': 'owner',
  'workspace.delete': 'owner',
  'ownership.transfer': 'owner',
  /** Moving vendors out to another workspace (where the caller must be admin or owner too). */
  'vendors.move': 'admin',
  /** Remediation requests to vendors (issue 40): sending, cancelling, deciding the vendor's replies. */
  'remediation.write': 'editor',
  /** Issue 40: asking to accept a failing check's risk (and revoking one's own request). */
  'riskAcceptances.request': 'editor',
  /** Approving or rejecting another member's acceptance, revoking anyone's. */
  'riskAcceptances.decide': 'admin',
  /** Issue 40: intake and reviews (a vendor's tier, owner and contacts go through vendors.write). */
  'programme.write': 'editor',
  /** Issue 40: the workspace's tier names and intervals. */
  'programmeTiers.write': 'admin',
  /** Questionnaires sent to vendors (send, review, cancel); importing a workspace's own templates is a setting. */
  'questionnaires.write': 'editor',
  'questionnaireTemplates.import': 'admin',
} as const satisfies Record<string, WorkspaceRole>;
export type WorkspacePermission = keyof typeof WORKSPACE_PERMISSIONS;

/**
 * Routes that act for the caller rather than in a workspace: `account` is a person's own (their
 * sessions, creating a workspace, accepting an invitation; never an API key); `workspaces.list`
 * lists the caller's workspaces (a key sees its own).
 */
export const CALLER_PERMISSIONS = ['account', 'workspaces.list'] as const;
export type CallerPermission = (typeof CALLER_PERMISSIONS)[number];
export type Permission = WorkspacePermission | CallerPermission;

export const isWorkspacePermission = (permission: Permission): permission is WorkspacePermission =>
  permission in WORKSPACE_PERMISSIONS;

/** Whether a member with `role` may do what `permission` names in the workspace. */
export const can = (role: WorkspaceRole, permission: WorkspacePermission): boolean =>
  roleAtLeast(role, WORKSPACE_PERMISSIONS[permission]);

/** The header that names the workspace a request acts in; without it, the caller's personal workspace. */
export const WORKSPACE_HEADER = 'x-workspace-id';

/** API keys start with this, so secret scanners can match them: `vwk_` and 43 base62 characters (256 bits). */
export const API_KEY_PREFIX = 'vwk_';
export const API_KEY_PATTERN = /^vwk_[0-9A-Za-z]{43}$/;

/** The app page an invitation's link opens (`?token=`); it posts the token to /api/invitations/accept. */
export const INVITATION_ACCEPT_PATH = '/invitations/accept';

/** Who made a change: a signed-in person, or a workspace API key. */
export const AUDIT_ACTOR_TYPES = ['user', 'api_key'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Every action the audit log records, `<target>.<verb>`. A route declares its action
 * (`@Audited(action, targetType)`), so each change adds one entry.
 */
export const AUDIT_ACTIONS = [
  'workspace.create',
  'workspace.update',
  'workspace.delete',
  'member.join',
  'member.role_change',
  'member.remove',
  'invitation.create',
  'invitation.revoke',
  'api_key.create',
  'api_key.revoke',
  'audit_log.export',
  // The data of the workspace.
  'vendor.create',
  'vendor.update',
  'vendor.delete',
  'crawler_settings.update',
  'crawler_config.create',
  'crawler_config.update',
  'crawler_config.delete',
  'crawler_config.activate',
  'crawl.start',
  'crawl.cancel',
  'schedule.update',
  'schedules.pause_change',
  'report.reassess',
  'report.export',
  'alert_channel.create',
  'alert_channel.delete',
  'alert_rule.create',
  'alert_rule.delete',
  'project.create',
  'project.update',
  'project.delete',
  'project_page.create',
  'project_page.update',
  'project_page.delete',
  'project_element.create',
  'project_element.update',
  'project_element.delete',
  // Issue 37: exports and confirmations that had no entry.
  'vendor.sbom_export',
  'portfolio.export',
  'alert_channel.confirm',
  // Issue 39: vendors brought in from a file, and moved between workspaces.
  'vendor.import',
  /** Recorded in both workspaces: the one the vendors left and the one they joined. */
  'vendor.move',
  // Issue 40: remediation requests through a vendor link (the vendor's own steps are audited as a link holder).
  'remediation_request.create',
  'remediation_request.cancel',
  'remediation_request.decide',
  'remediation_request.view',
  'remediation_request.reply',
  'remediation_request.attach',
  'remediation_request.recheck',
  'remediation_request.resolve',
  'remediation_request.close',
  'remediation_request.remind',
  // Issue 40: the vendor programme.
  'programme_tiers.update',
  'vendor.intake',
  'vendor_review.create',
  // Issue 40: accepted risks.
  'risk_acceptance.request',
  'risk_acceptance.approve',
  'risk_acceptance.reject',
  'risk_acceptance.revoke',
  // Issue 42: single sign-on settings.
  'workspace.sso_update',
  'questionnaire_template.import',
  'questionnaire.create',
  'questionnaire.cancel',
  'questionnaire.review',
  'questionnaire.view',
  'questionnaire.answer',
  'questionnaire.submit',
  'questionnaire.remind',
  'vendor_document.upload',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// Requests

const M = MESSAGES.workspaces;
const workspaceName = requiredText(M.nameRequired, 'Name', W.nameMaxLength);
const role = z.enum(WORKSPACE_ROLES, { error: M.invalidRole });

/** POST /api/workspaces, PATCH /api/workspaces/:id. */
export const workspaceInputSchema = z.object({ name: workspaceName });
export type WorkspaceInput = z.output<typeof workspaceInputSchema>;

/** PATCH /api/workspaces/:id/members/:userId. */
export const memberRoleInputSchema = z.object({ role });
export type MemberRoleInput = z.output<typeof memberRoleInputSchema>;

/** POST /api/workspaces/:id/invitations. The address is compared lower-cased. */
export const invitationInputSchema = z.object({ email: emailSchema.transform((email) => email.toLowerCase()), role });
export type InvitationInput = z.output<typeof invitationInputSchema>;

/** POST /api/invitations/accept and /api/invitations/preview: the token of the emailed link. */
export const invitationTokenSchema = z.object({
  token: z
    .string({ error: MESSAGES.invitations.tokenRequired })
    .trim()
    .min(1, { error: MESSAGES.invitations.tokenRequired })
    .max(W.tokenMaxLength, { error: MESSAGES.invitations.linkInvalid }),
});
export type InvitationToken = z.output<typeof invitationTokenSchema>;

const futureInstant = z
  .string({ error: MESSAGES.apiKeys.invalidExpiry })
  .max(40, { error: MESSAGES.apiKeys.invalidExpiry })
  .pipe(z.iso.datetime({ offset: true, error: MESSAGES.apiKeys.invalidExpiry }))
  .refine((value) => Date.parse(value) > Date.now(), { error: MESSAGES.apiKeys.invalidExpiry });

/**
 * A key is a long-lived secret without a second factor: it may be an admin at most, and what only an
 * owner may do (delete the workspace, transfer ownership) is for people (the guard refuses a key).
 */
export const API_KEY_MAX_ROLE = 'admin' satisfies WorkspaceRole;
export const PEOPLE_ONLY_PERMISSIONS: readonly WorkspacePermission[] = ['workspace.delete', 'ownership.transfer'];

/** POST /api/workspaces/:id/api-keys. Without `expiresAt` the key works until revoked. */
export const apiKeyInputSchema = z.object({
  name: requiredText(MESSAGES.apiKeys.nameRequired, 'Name', W.apiKeyNameMaxLength),
  role: role.refine((value) => roleAtLeast(API_KEY_MAX_ROLE, value), { error: MESSAGES.apiKeys.ownerRoleRefused }),
  expiresAt: futureInstant.nullable().optional(),
});
export type ApiKeyInput = z.output<typeof apiKeyInputSchema>;

const A = MESSAGES.auditLog;
const auditInstant = z
  .string({ error: A.invalidTime })
  .max(40, { error: A.invalidTime })
  .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: A.invalidTime }));
const auditFilterFields = {
  /** A user's or key's id, or (any other text) an email address or key name, as recorded. */
  actor: z
    .string({ error: A.invalidActor })
    .trim()
    .min(1, { error: A.invalidActor })
    .max(W.auditFilterMaxLength, { error: A.invalidActor })
    .optional(),
  action: z
    .string({ error: A.invalidAction })
    .trim()
    .max(W.auditActionMaxLength, { error: A.invalidAction })
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, { error: A.invalidAction })
    .optional(),
  /** From this instant (a date: its start, UTC) … */
  from: auditInstant.optional(),
  /** … to this one (a date: its end, UTC), inclusive. */
  to: auditInstant.optional(),
};
const toNotBeforeFrom = (value: { from?: string; to?: string }) =>
  !value.from || !value.to || auditRangeEnd(value.to) > auditRangeStart(value.from);

/** GET /api/workspaces/:id/audit-log. */
export const auditLogQuerySchema = z
  .object({ ...auditFilterFields, page: pageQuery, limit: pageLimitQuery })
  .refine(toNotBeforeFrom, { error: A.toBeforeFrom, path: ['to'] });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** GET /api/workspaces/:id/audit-log/export: the same filters, every matching entry. */
export const auditLogExportQuerySchema = z
  .object(auditFilterFields)
  .refine(toNotBeforeFrom, { error: A.toBeforeFrom, path: ['to'] });
export type AuditLogFilters = z.output<typeof auditLogExportQuerySchema>;

const DAY_MS = 24 * 3600 * 1000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** The first instant `from` names (a date: its midnight UTC). */
export const auditRangeStart = (from: string): Date => new Date(isDateOnly(from) ? `${from}T00:00:00Z` : from);
/** The instant after the last one `to` names (a date: the next midnight UTC); entries before it match. */
export const auditRangeEnd = (to: string): Date =>
  isDateOnly(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(to) + 1);

// Responses

export const workspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES).meta({ description: "The caller's role in it (an API key: the key's)" }),
    personal: z.boolean().meta({ description: 'The personal workspace every user has: it cannot be deleted' }),
    ownerEmail: z.string().optional().meta({
      description:
        "In the list of workspaces, on another user's personal workspace: the email of the user it belongs to (absent on the caller's own and on a shared one)",
    }),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.output<typeof workspaceSchema>;

export const memberSchema = z
  .object({ userId: z.uuid(), email: z.string(), role: z.enum(WORKSPACE_ROLES), joinedAt: isoDateTime })
  .meta({ id: 'WorkspaceMember' });
export type WorkspaceMember = z.output<typeof memberSchema>;

export const invitationSchema = z
  .object({ id: z.uuid(), email: z.string(), role: z.enum(WORKSPACE_ROLES), expiresAt: isoDateTime })
  .meta({ id: 'Invitation' });
export type Invitation = z.output<typeof invitationSchema>;

/**
 * POST …/invitations: the invitation, and its link when no email could carry it (no SMTP server):
 * the inviter hands it over. Safe to show them: only a signed-in user with the invited, confirmed
 * address can accept it, so the link lets no one else in.
 */
export const createdInvitationSchema = invitationSchema
  .extend({
    emailed: z.boolean().meta({ description: 'Whether an email carries the link (false: no email server is configured)' }),
    link: z.string().nullable().meta({ description: 'The link to accept it, only when it was not emailed' }),
  })
  .meta({ id: 'CreatedInvitation' });
export type CreatedInvitation = z.output<typeof createdInvitationSchema>;

export const invitationPreviewSchema = z
  .object({
    workspaceId: z.uuid(),
    workspaceName: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    email: z.string().meta({ description: 'The address invited: only a signed-in user with this confirmed address may accept' }),
    expiresAt: isoDateTime,
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

export const createdApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    key: z.string().meta({ description: 'The secret (`vwk_…`), shown this once: only its SHA-256 is kept' }),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    last4: z.string().meta({ description: 'The last four characters of the key' }),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable().meta({ description: 'Updated at most once a minute' }),
    expiresAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.output<typeof apiKeySchema>;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: isoDateTime,
    actorType: z.enum(AUDIT_ACTOR_TYPES),
    actorId: z.uuid().nullable(),
    actorLabel: z.string().meta({ description: "The user's email or the key's name, as they were then" }),
    action: z.string().meta({ description: '`<target>.<verb>`, e.g. member.role_change' }),
    targetType: z.string(),
    targetId: z.string().nullable(),
    targetName: z
      .string()
      .nullable()
      .meta({ description: "The target's name (a vendor's, a key's, a member's email), or the one recorded if it is gone" }),
    summary: z.record(z.string(), z.unknown()).meta({ description: 'What changed (never a secret)' }),
    clientAddress: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditLogPageSchema = z
  .object({ items: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.output<typeof auditLogPageSchema>;

/** Message templates of this area, filled. */
export const workspaceMessages = {
  roleTooLow: (role: WorkspaceRole, needed: WorkspaceRole) => fill(MESSAGES.access.roleTooLow, { role, needed }),
  tooManyWorkspaces: () => fill(M.tooManyWorkspaces, { max: W.maxCreatedPerUser }),
  tooManyMembers: () => fill(M.tooManyMembers, { max: W.maxMembers }),
  tooManyInvitations: () => fill(MESSAGES.invitations.tooMany, { max: W.maxPendingInvitations }),
  tooManyApiKeys: () => fill(MESSAGES.apiKeys.tooMany, { max: W.maxApiKeys }),
  invitationWorkspaceNamed: (workspace: string) => fill(MESSAGES.invitations.workspaceNamed, { workspace }),
  invitationRecipientCooldown: (seconds: number) =>
    fill(MESSAGES.invitations.recipientCooldown, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
  invitationWorkspaceDailyCap: () => fill(MESSAGES.invitations.workspaceDailyCap, { max: W.invitationsPerWorkspacePerDay }),
  invitationInviterDailyCap: () => fill(MESSAGES.invitations.inviterDailyCap, { max: W.invitationsPerInviterPerDay }),
  invitationSent: (email: string) => fill(MESSAGES.invitations.sent, { email }),
  invitationNotEmailed: (email: string) => fill(MESSAGES.invitations.notEmailed, { email }),
  invitationAccepted: (workspace: string) => fill(MESSAGES.invitations.accepted, { workspace }),
  switched: (workspace: string) => fill(M.switched, { workspace }),
  /** A workspace's name as menus show it: another user's personal workspace with its owner's email. */
  displayName: ({ name, ownerEmail }: Workspace) => (ownerEmail ? fill(M.othersPersonal, { name, email: ownerEmail }) : name),
  roleChanged: (email: string, role: WorkspaceRole) => fill(M.roleChanged, { email, role }),
  memberRemoved: (email: string) => fill(M.memberRemoved, { email }),
  confirmRemoveMember: (email: string) => fill(M.confirmRemoveMember, { email }),
  confirmRoleChange: (email: string, from: WorkspaceRole, role: WorkspaceRole) =>
    fill(M.confirmRoleChange, { email, from, role }),
  confirmMakeOwner: (email: string) => fill(M.confirmMakeOwner, { email }),
  invitationRevoked: (email: string) => fill(MESSAGES.invitations.revokedNotice, { email }),
  apiKeyRevoked: (name: string) => fill(MESSAGES.apiKeys.revokedNotice, { name }),
  confirmRevokeApiKey: (name: string) => fill(MESSAGES.apiKeys.confirmRevoke, { name }),
};
