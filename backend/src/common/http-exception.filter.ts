import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { MESSAGES, type ApiErrorBody } from '@vendorwatch/contracts';
import {
  databaseErrorCode,
  databaseErrorMessage,
  isDataException,
  isDatabaseTimeout,
  isDatabaseUnavailable,
  loggableError,
} from '@vendorwatch/db';
import { isRedisUnavailable } from '@vendorwatch/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './errors';

/** How soon a client may ask again while the database or Redis is unreachable (seconds). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place errors become HTTP answers. Client mistakes keep their status and message; an
 * unreachable (or timed-out) database or an unreachable Redis is a 503 the client may retry (both
 * reconnect by themselves once they are back); anything else unexpected is logged and answered 500 with a generic text (no internals leak).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toBody(exception);
    // A domain error that knows when to try again (a per-user limit, a cooldown) says so.
    const retryAfter = exception instanceof DomainError ? exception.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) void reply.header('retry-after', retryAfter);
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE && !reply.hasHeader('retry-after'))
      void reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
    const request = http.getRequest<FastifyRequest>();
    if (body.statusCode === 404 && isPageNavigation(request) && 'sendFile' in reply) {
      // The vendor page's URL carries its credential: no Referer may take it to another site.
      if (isVendorPortalPage(request)) void reply.header('referrer-policy', 'no-referrer');
      void reply.type('text/html').sendFile('index.html');
      return;
    }
    void reply.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof DomainError) {
      return { statusCode: exception.status, message: exception.message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return { statusCode: status, message: response };
      const { message, errors } = response as { message?: string | string[]; errors?: ApiErrorBody['errors'] };
      const text = Array.isArray(message) ? message[0] : message;
      return { statusCode: status, message: text ?? exception.message, ...(errors ? { errors } : {}) };
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) carry a 4xx statusCode.
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return { statusCode: fastifyStatus, message: (exception as Error).message };
    }
    // Infrastructure that is down or overloaded: the client may retry; nothing of the cause leaks.
    if (isDatabaseUnavailable(exception) || isDatabaseTimeout(exception)) {
      this.logger.warn(`Database unreachable: ${databaseErrorMessage(exception)}`);
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.generic.databaseUnavailable };
    }
    if (isRedisUnavailable(exception)) {
      this.logger.warn(`Redis unreachable: ${(exception as Error).message}`);
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: MESSAGES.generic.queueUnavailable };
    }
    if (isDataException(exception)) {
      // Validation should have caught it; the answer is still the client's to fix, and the log says which check is missing.
      this.logger.warn(`Input the database refused: ${loggableError(exception)}`);
      return { statusCode: HttpStatus.BAD_REQUEST, message: dataExceptionMessage(exception) };
    }
    this.logger.error(loggableError(exception));
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: MESSAGES.generic.unexpected };
  }
}

/** What a client reads for a value the database refused (SQLSTATE class 22). */
export function dataExceptionMessage(error: unknown): string {
  const code = databaseErrorCode(error);
  if (code === '22003') return MESSAGES.generic.numberOutOfRange;
  if (code === '22021' || code === '22P05') return MESSAGES.generic.nulCharacter;
  return MESSAGES.generic.valueNotStorable;
}

/** The page a remediation request's link opens (`/vendor-portal/<token>`). */
const isVendorPortalPage = (request: FastifyRequest): boolean => request.url.startsWith('/vendor-portal/');

/** A browser asking for an app route (not an API path): the single-page app answers it. */
function isPageNavigation(request: FastifyRequest): boolean {
  const isApi = request.url.startsWith('/api/') || request.url.startsWith('/auth/');
  return request.method === 'GET' && !isApi && (request.headers.accept ?? '').includes('text/html');
}
