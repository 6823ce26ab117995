/**
 * The workspace a user last chose, remembered per browser (and per user, so whoever signs in next on
 * the same browser starts in their own). Storage may be unavailable (private mode): then nothing is
 * remembered and the personal workspace is used.
 */
const keyOf = (userId: string) => `vendorwatch.workspace.${userId}`;

export const readChosenWorkspace = (userId: string): string | null => {
  try {
    return localStorage.getItem(keyOf(userId));
  } catch {
    return null;
  }
};

export const rememberChosenWorkspace = (userId: string, workspaceId: string) => {
  try {
    localStorage.setItem(keyOf(userId), workspaceId);
  } catch {
    // Not remembered: the next visit starts in the personal workspace.
  }
};
