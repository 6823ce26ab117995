/**
 * The id of a workspace a request was found to act in (the /api guard's context) or that was read
 * from a row: what repositories take to scope a query. A plain string — a user id above all — does
 * not type-check where a workspace is meant, so moving a query from "the user's" to "the
 * workspace's" cannot pass the wrong id silently.
 */
export type WorkspaceId = string & { readonly __brand: 'WorkspaceId' };

/** For the places that know a string names a workspace: the guard once it checked membership, tests. */
export const asWorkspaceId = (id: string): WorkspaceId => id as WorkspaceId;
