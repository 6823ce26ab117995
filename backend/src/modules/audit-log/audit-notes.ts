import { AsyncLocalStorage } from 'node:async_hooks';

/** The details services add to the entry of the audited request they run in. */
const notes = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `work` with a fresh set of notes; the AuditInterceptor reads them into the entry's summary. */
export const withAuditNotes = <T>(store: Record<string, unknown>, work: () => T): T => notes.run(store, work);

/**
 * Adds to the summary of the current request's audit entry what only the service knows (a role
 * before it changed, the name of what was deleted). Never a secret. Outside an audited request it does nothing.
 */
export function noteForAudit(details: Record<string, unknown>): void {
  const store = notes.getStore();
  if (store) Object.assign(store, details);
}
