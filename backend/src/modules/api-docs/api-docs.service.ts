import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, discoverRoutes, type OpenApiDocument } from './openapi-document';

export const API_DOCS_PATH = '/api/docs';

/**
 * Builds the OpenAPI document once, from the routes Nest has (requests from the same zod schemas
 * their pipes validate with), and serves Swagger UI at /api/docs. Swagger UI's page has no inline
 * script, so it runs under the app's Content-Security-Policy as it is.
 */
@Injectable()
export class ApiDocsService implements OnModuleInit {
  private built: OpenApiDocument | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get document(): OpenApiDocument {
    this.built ??= buildOpenApiDocument(
      discoverRoutes(this.discovery.getControllers().flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : []))),
    );
    return this.built;
  }

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const document = this.document;
    await fastify.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await fastify.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PATH,
      // No calls to a public validator service: the document is checked by the tests.
      validatorUrl: false,
      uiConfig: { deepLinking: true, tryItOutEnabled: false },
    });
  }
}
