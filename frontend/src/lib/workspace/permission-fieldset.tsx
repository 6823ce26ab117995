import { Fieldset } from '@mantine/core';
import type { WorkspacePermission } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { useCan } from './workspace-context';

/** A form's fields, read-only (disabled) for a role that may not change what they hold. */
export function PermissionFieldset({ permission, children }: { permission: WorkspacePermission; children: ReactNode }) {
  const allowed = useCan(permission);
  return (
    <Fieldset variant="unstyled" disabled={!allowed} p={0} m={0} miw={0}>
      {children}
    </Fieldset>
  );
}
