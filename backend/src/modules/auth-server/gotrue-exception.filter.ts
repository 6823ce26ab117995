import { ArgumentsHost, Catch, HttpException, Logger, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { isDataException, isDatabaseUnavailable, loggableError } from '@vendorwatch/db';
import { dataExceptionMessage } from '../../common/http-exception.filter';
import type { FastifyReply } from 'fastify';
import { AuthErrors, GoTrueError } from './gotrue-error';

/** The API version whose error body (`code` + `message`) auth-js reads. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * Errors of /auth/v1 in Supabase Auth's shape. With the version header auth-js reads `code`;
 * `error_code` and `msg` serve clients that predate it.
 */
@Catch()
export class GoTrueExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('GoTrueExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof NotFoundException) {
      // The embedded auth is switched off (SUPABASE_URL set): answer as for any unknown route.
      void reply.status(404).send({ statusCode: 404, message: exception.message });
      return;
    }
    const error = this.toGoTrueError(exception);
    if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    void reply
      .status(error.status)
      .header(API_VERSION_HEADER, API_VERSION)
      .send({ code: error.code, error_code: error.code, message: error.message, msg: error.message, ...error.extra });
  }

  private toGoTrueError(exception: unknown): GoTrueError {
    if (exception instanceof GoTrueError) {
      if (exception.status >= 500) this.logger.error(loggableError(exception));
      return exception;
    }
    if (exception instanceof ThrottlerException) return AuthErrors.rateLimited();
    // A 503 is what auth-js retries without signing the user out.
    if (isDatabaseUnavailable(exception)) return AuthErrors.unavailable();
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return AuthErrors.validation(exception.message, exception.getStatus());
    }
    if (isDataException(exception)) {
      this.logger.warn(`Input the database refused: ${loggableError(exception)}`);
      return AuthErrors.validation(dataExceptionMessage(exception));
    }
    this.logger.error(loggableError(exception));
    return AuthErrors.unexpected();
  }
}
