import { Badge, type BadgeProps } from '@mantine/core';
import type { WorkspaceRole } from '@vendorwatch/contracts';

const ROLE_COLORS: Record<WorkspaceRole, string> = { owner: 'grape', admin: 'blue', editor: 'teal', viewer: 'gray' };

/** A member's, invitation's or key's role, coloured the same everywhere. */
export function RoleBadge({ role, ...props }: { role: WorkspaceRole } & BadgeProps) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} style={{ flexShrink: 0 }} {...props}>
      {role}
    </Badge>
  );
}
