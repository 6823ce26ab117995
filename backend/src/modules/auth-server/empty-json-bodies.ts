import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * auth-js posts some calls (logout) with `Content-Type: application/json` and no body at all;
 * Supabase Auth accepts that, Fastify's JSON parser does not (400). For /auth/v1 only, an empty
 * body's content type is dropped before parsing, so such a request simply has no body.
 */
@Injectable()
export class EmptyJsonBodies implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (typeof fastify?.addHook !== 'function') return;
    fastify.addHook('onRequest', async (request) => {
      const { headers } = request;
      if (request.url.startsWith('/auth/v1/') && headers['content-length'] === '0' && !headers['transfer-encoding']) {
        delete headers['content-type'];
      }
    });
  }
}
