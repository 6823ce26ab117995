import { MESSAGES, type ApiErrorBody } from '@vendorwatch/contracts';

/**
 * Every failed `/api` call ends as this error, so screens and hooks handle one shape:
 * `status` is 0 when no response arrived, `data` is the parsed error body when there was one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }

  /** Field problems of a 400 answer (`{ path, message }` per field), empty otherwise. */
  get fieldErrors(): NonNullable<ApiErrorBody['errors']> {
    const errors = isRecord(this.data) ? this.data.errors : undefined;
    return Array.isArray(errors) ? errors.filter(isFieldError) : [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is { path: string; message: string } =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** The spec's rule: the body's `message`, else its `error.message`, else the fallback. */
export const messageFromBody = (body: unknown, fallback: string = MESSAGES.generic.unexpected): string => {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (isRecord(body.error) && typeof body.error.message === 'string' && body.error.message) {
      return body.error.message;
    }
  }
  return fallback;
};
