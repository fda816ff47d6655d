/** Typed errors thrown by services; one handler (lib/error-handler.ts) maps them to HTTP. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Machine-readable, where a client branches on it (`{message, code}`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
  /** An expected state rather than a fault (a model still being prepared): a 5xx not worth a warning. */
  readonly expected: boolean = false;
}

export class BadRequestError extends AppError {
  constructor(message: string, code?: string) {
    super(400, message, code);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', code?: string) {
    super(404, message, code);
  }
}
export class MethodNotAllowedError extends AppError {
  constructor(
    message: string,
    readonly allow: string[],
  ) {
    super(405, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super(429, message);
  }
}
export class UpstreamError extends AppError {
  constructor(message = 'The movie database is unavailable. Please try again later.') {
    super(502, message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, code?: string) {
    super(422, message, code);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again in a moment.',
    /** Seconds a client should wait before retrying (the Retry-After header). */
    readonly retryAfterSeconds = 2,
  ) {
    super(503, message);
  }
}
