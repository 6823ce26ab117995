/**
 * The workspace every `/api` request acts in (sent as `X-Workspace-Id`), held outside React so the
 * API client can read it. The WorkspaceProvider sets it; null sends no header (the personal workspace).
 */
let requestWorkspaceId: string | null = null;

export const setRequestWorkspace = (workspaceId: string | null) => {
  requestWorkspaceId = workspaceId;
};

export const getRequestWorkspace = () => requestWorkspaceId;

type Listener = () => void;
const accessLostListeners = new Set<Listener>();

/** Called when the API answers "Not a member of this workspace": the member was removed, or it was deleted. */
export const onWorkspaceAccessLost = (listener: Listener) => {
  accessLostListeners.add(listener);
  return () => {
    accessLostListeners.delete(listener);
  };
};

export const reportWorkspaceAccessLost = () => {
  for (const listener of accessLostListeners) listener();
};
