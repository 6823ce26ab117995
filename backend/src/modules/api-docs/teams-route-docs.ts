import {
  apiKeySchema,
  auditLogPageSchema,
  createdApiKeySchema,
  invitationPreviewSchema,
  createdInvitationSchema,
  invitationSchema,
  memberSchema,
  workspaceSchema,
  workspaceSsoSchema,
} from '@vendorwatch/contracts';
import { z } from 'zod';
import type { RouteDoc } from './route-doc';

const deleted = { response: null } as const;

/** The routes of issue 33 (workspaces, members, invitations, API keys, the audit log), spread into ROUTE_DOCS. */
export const TEAMS_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/workspaces': {
    summary: "The caller's workspaces with their role in each (an API key: its own workspace)",
    response: z.array(workspaceSchema),
  },
  'POST /api/workspaces': {
    summary: 'Create a shared workspace; the caller becomes its owner',
    response: workspaceSchema,
    errors: { 403: 'API keys cannot create workspaces', 409: 'The caller created as many workspaces as allowed' },
  },
  'PATCH /api/workspaces/:workspaceId': {
    summary: 'Rename a workspace (owners)',
    response: workspaceSchema,
  },
  'DELETE /api/workspaces/:workspaceId': {
    ...deleted,
    summary: 'Delete a shared workspace and everything in it (owners)',
    errors: { 409: 'A personal workspace cannot be deleted' },
  },
  'GET /api/workspaces/:workspaceId/sso': {
    summary: "The workspace's single sign-on settings: linked to the provider, groups → roles, default role, SSO required",
    response: workspaceSsoSchema,
  },
  'PUT /api/workspaces/:workspaceId/sso': {
    summary:
      'Link the workspace to the identity provider (owners): its members follow the groups claim at each SSO sign-in; owners are never changed by it',
    response: workspaceSsoSchema,
    errors: { 400: 'A personal workspace, an owner role in the mapping, or too many or too long groups' },
  },
  'GET /api/workspaces/:workspaceId/members': {
    summary: "The workspace's members with their roles",
    response: z.array(memberSchema),
  },
  'PATCH /api/workspaces/:workspaceId/members/:userId': {
    summary: "Change a member's role (admins; an owner's role, or making an owner, only owners)",
    response: memberSchema,
    errors: { 409: 'The last owner, or the owner of a personal workspace, stays owner' },
  },
  'DELETE /api/workspaces/:workspaceId/members/:userId': {
    ...deleted,
    summary: 'Remove a member: their next request is refused',
    errors: { 409: 'The last owner, or the owner of a personal workspace, stays' },
  },
  'POST /api/workspaces/:workspaceId/invitations': {
    summary: 'Invite an email address with a role (no higher than your own); the address gets a link valid for 7 days',
    response: createdInvitationSchema,
    errors: { 409: 'Already a member, or too many invitations', 502: 'The email could not be sent' },
  },
  'GET /api/workspaces/:workspaceId/invitations': {
    summary: 'The invitations that can still be accepted',
    response: z.array(invitationSchema),
  },
  'DELETE /api/workspaces/:workspaceId/invitations/:invitationId': {
    ...deleted,
    summary: 'Withdraw an invitation',
  },
  'POST /api/invitations/preview': {
    summary: "Where an invitation's link leads (workspace, role, address), before accepting it",
    response: invitationPreviewSchema,
    errors: { 403: 'API keys cannot', 410: 'The invitation was used, withdrawn or has lapsed' },
  },
  'POST /api/invitations/accept': {
    summary: "Accept an invitation with its link's token: only a signed-in user whose confirmed address it was sent to",
    response: workspaceSchema,
    errors: { 403: 'Another address, or one not confirmed yet', 410: 'The invitation was used, withdrawn or has lapsed' },
  },
  'POST /api/workspaces/:workspaceId/api-keys': {
    summary: 'Create an API key (admins; a role no higher than your own); the key is in this answer only',
    response: createdApiKeySchema,
    errors: { 409: 'The workspace keeps as many keys as allowed' },
  },
  'GET /api/workspaces/:workspaceId/api-keys': {
    summary: "The workspace's keys, masked, with their last use",
    response: z.array(apiKeySchema),
  },
  'DELETE /api/workspaces/:workspaceId/api-keys/:keyId': {
    ...deleted,
    summary: 'Revoke an API key: its next request is refused',
  },
  'GET /api/workspaces/:workspaceId/audit-log': {
    summary: 'The audit log, newest first, filtered by actor, action and time (owners and admins)',
    response: auditLogPageSchema,
  },
  'GET /api/workspaces/:workspaceId/audit-log/export': {
    summary: 'The audit log as CSV (audit-log-{timestamp}.csv), with the same filters (owners and admins)',
    response: z.string(),
    contentType: 'text/csv',
  },
};
