import { MESSAGES } from './messages';
import {
  API_KEY_PATTERN,
  auditLogQuerySchema,
  auditRangeEnd,
  auditRangeStart,
  can,
  WORKSPACE_PERMISSIONS,
  WORKSPACE_ROLES,
  type WorkspacePermission,
  type WorkspaceRole,
} from './workspaces';

const permitted = (role: WorkspaceRole) =>
  (Object.keys(WORKSPACE_PERMISSIONS) as WorkspacePermission[]).filter((permission) => can(role, permission)).sort();

/** The powers of issue 33, item 2, as the one table gives them. */
describe('workspace roles', () => {
  it('lets a viewer read and export, and change nothing', () => {
    expect(permitted('viewer')).toEqual(['reports.export', 'workspace.read']);
  });

  it('lets an editor work on vendors, settings, crawls, schedules, alerts, reassessment and remediation requests, not configurations or people', () => {
    expect(permitted('editor')).toEqual(
      [
        ...permitted('viewer'),
        'vendors.write',
        'crawlerSettings.write',
        'crawls.run',
        'schedules.write',
        'alerts.write',
        'reports.reassess',
        'projects.write',
        'riskAcceptances.request',
        'remediation.write',
        'programme.write',
        'questionnaires.write',
      ].sort(),
    );
  });

  it('lets an admin manage members, invitations, crawler configurations, API keys, move vendors and read the audit log', () => {
    expect(permitted('admin')).toEqual(
      [
        ...permitted('editor'),
        'members.manage',
        'invitations.manage',
        'crawlerConfigs.write',
        'apiKeys.manage',
        'auditLog.read',
        'vendors.move',
        'riskAcceptances.decide',
        'programmeTiers.write',
        'questionnaireTemplates.import',
      ].sort(),
    );
  });

  it('keeps deleting the workspace, renaming it and making owners to owners, who may do everything', () => {
    expect(permitted('owner')).toEqual(Object.keys(WORKSPACE_PERMISSIONS).sort());
    expect(permitted('owner').filter((permission) => !can('admin', permission as WorkspacePermission))).toEqual(
      ['ownership.transfer', 'workspace.delete', 'workspace.update'].sort(),
    );
    expect(WORKSPACE_ROLES).toEqual(['owner', 'admin', 'editor', 'viewer']);
  });
});

describe('API keys and audit-log filters', () => {
  it('recognises a key by its prefix and length', () => {
    expect(API_KEY_PATTERN.test(`vwk_${'a1B2'.repeat(10)}xyz`)).toBe(true);
    expect(API_KEY_PATTERN.test(`vwk_${'a'.repeat(42)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`sk_${'a'.repeat(43)}`)).toBe(false);
  });

  it('reads a day as the whole day (UTC), both ends included', () => {
    expect(auditRangeStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(auditRangeEnd('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(auditRangeEnd('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.001Z');
    expect(auditLogQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(auditLogQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]?.message).toBe(
      MESSAGES.auditLog.toBeforeFrom,
    );
  });
});
