import type { ZodType } from 'zod';

/**
 * What the OpenAPI document says about each route beyond what the code already tells (method,
 * path, request schemas from the validation pipes, status from @HttpCode, public or not): a
 * summary and the response. Keyed `METHOD /nest/path/:param`; a route the app registers without
 * an entry here fails the API-docs test, so a new endpoint is documented when it is added.
 */
export interface RouteDoc {
  summary: string;
  /** The success body; `null` for an empty answer (204). */
  response: ZodType | null;
  /** A body that is not JSON (a PNG, Prometheus text); `response` is then ignored. */
  contentType?: string;
  /** The success status, where the handler sets it itself (it then has no @HttpCode). */
  status?: number;
  /** Success statuses beyond the one the route declares (e.g. 200 beside 201). */
  alsoStatus?: Record<number, string>;
  /** Error statuses beyond the usual ones (400 with input, 401 when signed in, 404 with ids, 500, 503). */
  errors?: Record<number, string>;
  /** Who may call it; defaults to a user's bearer token unless the route is @Public(). */
  auth?: 'bearer' | 'none' | 'metrics';
  description?: string;
}
