import { Alert, Button, Center, Stack } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { useUser } from '@/lib/auth';
import { notifyFailure } from '@/lib/notify';
import { getPublicConfigQueryOptions } from '@/lib/public-config';
import { getWorkspacesQueryOptions, useWorkspaces, WorkspaceContext } from '@/lib/workspace';
import { readChosenWorkspace, rememberChosenWorkspace } from '@/lib/workspace/chosen-workspace';
import { onWorkspaceAccessLost, setRequestWorkspace } from '@/lib/workspace/request-workspace';

/** Cached answers that do not depend on the workspace: everything else belongs to the one left. */
const WORKSPACE_FREE_KEYS: readonly unknown[] = [
  getPublicConfigQueryOptions().queryKey[0],
  getWorkspacesQueryOptions().queryKey[0],
];

const dropWorkspaceData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (query) => !WORKSPACE_FREE_KEYS.includes(query.queryKey[0]) });

/**
 * Loads the user's workspaces and decides which one the app acts in: the one chosen last on this
 * browser, else (never chosen, or since left, removed or deleted) the personal one. Screens render
 * only once that is known, so no request goes out in the wrong workspace, and they remount on a
 * switch, so no state of one workspace shows in another.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const userId = useUser()?.id ?? '';
  const queryClient = useQueryClient();
  const workspaces = useWorkspaces();
  const [chosenId, setChosenId] = useState(() => readChosenWorkspace(userId));
  /** The workspace requests go out in now; `lost` when it replaced one the user had not left by choice. */
  const [applied, setApplied] = useState<{ id: string; lost: boolean } | null>(null);

  // A 403 "Not a member" means the list is out of date: reload it, and the fallback below follows.
  useEffect(
    () => onWorkspaceAccessLost(() => void queryClient.invalidateQueries({ queryKey: getWorkspacesQueryOptions().queryKey })),
    [queryClient],
  );

  const list = workspaces.data;
  // The user's own personal workspace is the one that names no other owner.
  const ownPersonal = list?.find(({ personal, ownerEmail }) => personal && !ownerEmail);
  const workspace = list && (list.find(({ id }) => id === chosenId) ?? ownPersonal ?? list[0]);

  // Applied while rendering (React renders again at once, before anything below mounts), so no
  // screen sends a request in the workspace before, nor shows data cached there.
  if (workspace && applied?.id !== workspace.id) {
    setRequestWorkspace(workspace.id);
    if (applied) dropWorkspaceData(queryClient);
    setApplied({ id: workspace.id, lost: applied !== null && workspace.id !== chosenId });
    if (workspace.id !== chosenId) setChosenId(workspace.id);
  }

  useEffect(() => {
    if (!applied) return;
    rememberChosenWorkspace(userId, applied.id);
    if (applied.lost) notifyFailure(MESSAGES.workspaces.accessLost);
  }, [applied, userId]);

  useEffect(() => {
    // Set again after a remount (React's strict mode runs effects twice), cleared when signed out,
    // so whoever signs in next starts without this user's choice.
    if (applied) setRequestWorkspace(applied.id);
    return () => setRequestWorkspace(null);
  }, [applied]);

  const switchTo = useCallback((workspaceId: string) => setChosenId(workspaceId), []);

  const value = useMemo(
    () => (workspace && list && applied?.id === workspace.id ? { workspace, workspaces: list, switchTo } : null),
    [workspace, list, applied, switchTo],
  );

  if (workspaces.isError && !list) {
    return (
      <Center h="100vh" p="md">
        <Stack maw={420}>
          <Alert color="red" title={MESSAGES.workspaces.loadFailed}>
            {workspaces.error.message}
          </Alert>
          <Button onClick={() => void workspaces.refetch()} loading={workspaces.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!value) return <PageLoader />;
  return (
    <WorkspaceContext.Provider value={value}>
      {/* Keyed by workspace: every screen starts afresh in the one switched to. */}
      <Fragment key={value.workspace.id}>{children}</Fragment>
    </WorkspaceContext.Provider>
  );
}
