import { AsyncLocalStorage } from 'node:async_hooks';

/** What the audit entry of the request being handled is built from, besides the route's declaration. */
export interface AuditScope {
  /** Details services add (a role before the change, the name of what was deleted). */
  notes: Record<string, unknown>;
  /** The request body as the validation pipe returned it: the summary's fields come from here, never from the raw body. */
  validatedBody?: unknown;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `work` in a fresh scope; the AuditInterceptor reads it into the entry. */
export const withAuditScope = <T>(scope: AuditScope, work: () => T): T => scopes.run(scope, work);

/**
 * Adds to the summary of the current request's audit entry what only the service knows (a role
 * before it changed, the name of what was deleted). Never a secret. Outside an audited request it does nothing.
 */
export function noteForAudit(details: Record<string, unknown>): void {
  const scope = scopes.getStore();
  if (scope) Object.assign(scope.notes, details);
}

/** The validation pipe hands over the body it accepted. Outside an audited request it does nothing. */
export function noteValidatedBody(body: unknown): void {
  const scope = scopes.getStore();
  if (scope) scope.validatedBody = body;
}
