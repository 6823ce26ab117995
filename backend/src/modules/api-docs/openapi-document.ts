import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import {
  apiErrorSchema,
  authErrorSchema,
  isWorkspacePermission,
  MESSAGES,
  WORKSPACE_HEADER,
  type Permission,
} from '@vendorwatch/contracts';
import { z, type ZodType } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type oas31,
} from 'zod-openapi';

export type OpenApiDocument = oas31.OpenAPIObject;
import { IS_PUBLIC } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { AUDITED, REQUIRED_PERMISSION } from '../../common/route-metadata';
import { ROUTE_DOCS, type RouteDoc } from './route-docs';

/** A route as Nest registers it, read from its controller's metadata. */
export interface DiscoveredRoute {
  method: string;
  /** Nest's spelling: `/api/vendors/:id`. */
  path: string;
  operationId: string;
  isPublic: boolean;
  /** What the route declared with `@Requires` (on itself or its controller); undefined: nothing yet. */
  permission?: Permission;
  /** What it declared with `@Audited`/`@NotAudited`; undefined: nothing. */
  audit?: unknown;
  status: number;
  body?: ZodType;
  query?: ZodType;
  params: { name: string; schema: ZodType }[];
}

/** A pipe that validates against a zod schema (ours and the auth server's both expose it). */
const schemaOf = (pipe: unknown): ZodType | undefined => {
  const schema = (pipe as { schema?: unknown } | null)?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
};

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route of the given controllers, with the schemas their validation pipes check. */
export function discoverRoutes(controllers: Type[]): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  for (const controller of controllers) {
    const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (requestMethod === undefined || paths === undefined) continue;
      const method = RequestMethod[requestMethod];
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
        string,
        { data?: unknown; pipes?: unknown[] }
      >;
      let body: ZodType | undefined;
      let query: ZodType | undefined;
      const params: DiscoveredRoute['params'] = [];
      const queryFields: Record<string, ZodType> = {};
      for (const [key, arg] of Object.entries(args)) {
        const type = Number(key.split(':')[0]) as RouteParamtypes;
        const schema = arg.pipes?.map(schemaOf).find(Boolean);
        if (type === RouteParamtypes.BODY) body = schema ?? body;
        if (type === RouteParamtypes.QUERY && typeof arg.data === 'string') queryFields[arg.data] = z.string().optional();
        else if (type === RouteParamtypes.QUERY) query = schema ?? query;
        if (type === RouteParamtypes.PARAM && typeof arg.data === 'string') {
          const isId = arg.pipes?.some((pipe) => pipe === ParseIdPipe || pipe instanceof ParseIdPipe);
          params.push({ name: arg.data, schema: isId ? z.uuid() : (schema ?? z.string()) });
        }
      }
      if (Object.keys(queryFields).length) query = z.object(queryFields);
      // A path parameter no handler argument reads (the guard reads `:workspaceId`) is still part of the path.
      const fullPaths = prefixes.flatMap((prefix) => [paths].flat().map((path) => joinPath(prefix, path)));
      for (const name of new Set(fullPaths.flatMap((path) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!))))
        if (!params.some((param) => param.name === name))
          params.push({ name, schema: /(^id|Id)$/.test(name) ? z.uuid() : z.string() });
      const isPublic = Boolean(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller));
      const permission = (Reflect.getMetadata(REQUIRED_PERMISSION, handler) ??
        Reflect.getMetadata(REQUIRED_PERMISSION, controller)) as Permission | undefined;
      const audit: unknown = Reflect.getMetadata(AUDITED, handler);
      const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
      for (const prefix of prefixes)
        for (const path of [paths].flat())
          routes.push({
            method,
            path: joinPath(prefix, path),
            operationId: `${controller.name.replace(/Controller$/, '')}_${name}`,
            isPublic,
            permission,
            audit,
            status,
            body,
            query,
            params,
          });
    }
  }
  return routes;
}

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

const STATUS_TEXT: Record<number, string> = {
  400: 'The input is not valid: `message` says what, `errors` lists every field problem',
  401: 'No valid token',
  403: 'Not a member of this workspace, or a role that does not allow this',
  404: 'Not found, or not the caller’s',
  500: MESSAGES.generic.unexpected,
  503: MESSAGES.generic.databaseUnavailable,
};

/** The OpenAPI 3.1 document of the routes: requests from their pipes' schemas, answers from ROUTE_DOCS. */
export function buildOpenApiDocument(routes: DiscoveredRoute[], docs: Record<string, RouteDoc> = ROUTE_DOCS): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const doc = docs[routeKey(route)];
    if (!doc) continue; // The API-docs test names the route.
    const isAuthServer = route.path.startsWith('/auth/');
    const auth = doc.auth ?? (route.isPublic ? 'none' : 'bearer');
    const errorSchema = isAuthServer ? authErrorSchema : apiErrorSchema;
    const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
    const success = (description: string) =>
      doc.response === null
        ? { description }
        : { description, content: { [doc.contentType ?? 'application/json']: { schema: doc.response } } };

    const responses: Record<string, ZodOpenApiResponseObject> = { [doc.status ?? route.status]: success('Success') };
    for (const [status, text] of Object.entries(doc.alsoStatus ?? {})) responses[status] = success(text);
    const errors: Record<number, string> = {};
    if (route.body || route.query) errors[400] = STATUS_TEXT[400]!;
    if (auth !== 'none') errors[401] = STATUS_TEXT[401]!;
    // A route that declares its permission takes API keys too (but not a person's own `account` routes), and one
    // that acts in a workspace reads it from X-Workspace-Id unless its path names it (issue 33).
    const acceptsKeys = route.permission !== undefined && route.permission !== 'account' && route.path.startsWith('/api/');
    const readsHeader =
      route.permission !== undefined &&
      isWorkspacePermission(route.permission) &&
      !route.params.some((param) => param.name === 'workspaceId');
    if (route.permission !== undefined) errors[403] = STATUS_TEXT[403]!;
    if (route.params.length) errors[404] = STATUS_TEXT[404]!;
    Object.assign(errors, doc.errors, { 500: STATUS_TEXT[500], 503: STATUS_TEXT[503] });
    for (const [status, text] of Object.entries(errors)) responses[status] ??= error(text);
    const security =
      auth === 'none'
        ? []
        : [{ [auth === 'metrics' ? 'metricsToken' : 'bearerAuth']: [] }, ...(acceptsKeys ? [{ apiKey: [] }] : [])];
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation: ZodOpenApiOperationObject = {
      operationId: route.operationId,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [tagOf(route.path)],
      security,
      requestParams: {
        ...(readsHeader ? { header: workspaceHeader } : {}),
        ...(route.params.length
          ? { path: z.object(Object.fromEntries(route.params.map((param) => [param.name, param.schema]))) }
          : {}),
        ...(route.query ? { query: route.query as z.ZodObject } : {}),
      },
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
      responses,
    };
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vendorwatch API',
      version: '1',
      description:
        'The REST API of Vendorwatch (/api), its embedded Supabase-compatible auth (/auth/v1) and its metrics. ' +
        'Requests to /api carry `Authorization: Bearer <access token>` from /auth/v1/token, or — on the routes that list ' +
        'the `apiKey` scheme — a workspace API key (`Authorization: Bearer vwk_…`). Those routes act in the workspace the ' +
        '`X-Workspace-Id` header names (default: the caller’s personal workspace; a key: its own), with the caller’s role there.',
    },
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'vwk_…',
          description:
            'A workspace API key (`vwk_` and 43 base62 characters), made by an admin under /api/workspaces/{id}/api-keys: ' +
            'it acts in its workspace with its role (never above its creator’s), and is refused on /auth/v1.',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
  });
}

/** The workspace a request acts in (routes under /api/workspaces/{workspaceId} take it from the path instead). */
const workspaceHeader = z.object({
  [WORKSPACE_HEADER]: z
    .uuid()
    .optional()
    .meta({ description: 'The workspace to act in; without it, the caller’s personal workspace (a key: its own)' }),
});

/** Operations are grouped by their path's first segment after /api (vendors, crawls, …). */
function tagOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  if (first === 'api') return second ?? 'api';
  if (first === 'auth') return 'auth';
  return first ?? 'root';
}
