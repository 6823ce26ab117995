import { MESSAGES } from '@vendorwatch/contracts';

/** Errors thrown where they are known; the exception filter turns them into HTTP answers. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds until the request may succeed: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Missing, or not the caller's: the same answer, so ids of other users' records reveal nothing. */
export class NotFoundError extends DomainError {
  constructor(message: string = MESSAGES.generic.notFound) {
    super(404, message);
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

/** Known, and not allowed to this caller (their role, their address). */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

/** It was there and is no more (an invitation used, withdrawn or lapsed). */
export class GoneError extends DomainError {
  constructor(message: string) {
    super(410, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
