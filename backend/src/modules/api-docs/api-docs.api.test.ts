import { startTestApp, type TestApp } from '../../testing/test-app';
import { buildOpenApiDocument } from './openapi-document';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> };
}

/** The OpenAPI document against the routes the running app actually registered. */
describe('API documentation', () => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await startTestApp();
    const response = await fetch(`${t.baseUrl}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApi;
  });
  afterAll(() => t.close());

  /** `/api/vendors/:id` as the document spells it: `/api/vendors/{id}`. */
  const documented = (method: string, url: string) => doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

  it('is OpenAPI 3.1 and documents every route the app registers', () => {
    expect(doc.openapi).toBe('3.1.0');
    // HEAD and OPTIONS come with GET and CORS; hidden routes are Swagger UI's files and the queue dashboard.
    const api = t.routes.filter((route) => !route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThan(60);
    const missing = api.filter((route) => !documented(route.method, route.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents no route the app does not have', () => {
    const registered = new Set(t.routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`));
    const stale = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((key) => !registered.has(key)),
    );
    expect(stale).toEqual([]);
  });

  it('describes requests with the schemas that validate them, and every answer and error', () => {
    const create = documented('POST', '/api/vendors')!;
    const body = create.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({ type: 'object', required: expect.arrayContaining(['name']) });
    expect((body.properties as Record<string, { maxLength?: number }>).name!.maxLength).toBeGreaterThan(0);
    // 403: a role below the route's permission (issue 33); 409: the vendor cap (VENDORS_PER_USER, issue 28).
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409', '500', '503']);
    expect(create.responses['201']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Vendor' });
    expect(doc.components.schemas.Vendor!.properties).toHaveProperty('createdAt');

    const history = documented('GET', '/api/crawls')!;
    expect(history.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ['header:x-workspace-id', 'query:from', 'query:limit', 'query:page', 'query:status', 'query:to', 'query:vendorId'].sort(),
    );
    const one = documented('GET', '/api/crawls/:id')!;
    expect(one.parameters).toHaveLength(2);
    expect(one.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'path', name: 'id', schema: expect.objectContaining({ format: 'uuid' }) }),
        expect.objectContaining({ in: 'header', name: 'x-workspace-id' }),
      ]),
    );
    expect(Object.keys(one.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });

  it('bounds every text, list and free-form object an /api request takes', () => {
    type JsonSchema = Record<string, unknown>;
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string, seen: Set<string>): void => {
      if (!schema || typeof schema !== 'object') return;
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.split('/').pop()!;
        if (seen.has(name)) return;
        return walk(doc.components.schemas[name] as JsonSchema, where, new Set([...seen, name]));
      }
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
        for (const part of (schema[key] as JsonSchema[] | undefined) ?? []) walk(part, where, seen);
      const types = ([] as unknown[]).concat(schema.type ?? []);
      // An enum, a constant or a format (uuid, date) is bounded by what it may be.
      const fixed = ['enum', 'const', 'format', 'pattern'].some((key) => key in schema);
      if (types.includes('string') && !fixed && schema.maxLength === undefined) unbounded.push(where);
      if (types.includes('array')) {
        if (schema.maxItems === undefined) unbounded.push(`${where} (list)`);
        walk(schema.items as JsonSchema, `${where}[]`, seen);
      }
      for (const [name, property] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}))
        walk(property, `${where}.${name}`, seen);
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && schema.maxProperties === undefined) unbounded.push(`${where} (object)`);
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        walk(operation.requestBody?.content['application/json']?.schema, `${route} body`, new Set());
        for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${route} ${parameter.name}`, new Set());
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('says which routes need a token: bearer for /api, none for public ones, the metrics token for /metrics', () => {
    expect(documented('GET', '/api/vendors')!.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(documented('GET', '/api/health')!.security).toEqual([]);
    expect(documented('GET', '/metrics')!.security).toEqual([{ metricsToken: [] }]);
    expect(documented('POST', '/auth/v1/token')!.responses['400']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/AuthError',
    });
  });

  it('describes the workspace API keys and the X-Workspace-Id header where a route takes them', () => {
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, Record<string, string>> }).securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'vwk_…' });
    const members = documented('GET', '/api/workspaces/:workspaceId/members')!;
    expect(members.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(members.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'workspaceId', schema: expect.objectContaining({ format: 'uuid' }) }),
    ]);
    expect(Object.keys(members.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    // A person's own routes take no key.
    expect(documented('POST', '/api/workspaces')!.security).toEqual([{ bearerAuth: [] }]);
    // A route that acts in the request's workspace without naming it in its path reads the header.
    const built = buildOpenApiDocument(
      [
        {
          method: 'GET',
          path: '/api/things',
          operationId: 'Things_list',
          isPublic: false,
          permission: 'workspace.read',
          status: 200,
          params: [],
        },
      ],
      { 'GET /api/things': { summary: 'Things', response: null } },
    ) as unknown as OpenApi;
    const things = built.paths['/api/things']!.get!;
    expect(things.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(things.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'x-workspace-id', schema: expect.objectContaining({ format: 'uuid' }) }),
    ]);
  });

  it('serves Swagger UI at /api/docs under the app’s Content-Security-Policy', async () => {
    const page = await fetch(`${t.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await page.text();
    // No inline script: the CSP would block it.
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const json = await fetch(`${t.baseUrl}/api/docs/json`);
    expect(((await json.json()) as OpenApi).openapi).toBe('3.1.0');
  });
});
