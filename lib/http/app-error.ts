/**
 * The one error type services throw. The route wrapper turns it into a response whose JSON
 * body is flat — `{ message, code, ...extra }` — because the spec's client copies the body's
 * fields onto its error (hasConflict, conflictingTask, activeTask, requiresPunchIn ...).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** An upstream service (the assistant's AI provider) did not answer in time. */
  GATEWAY_TIMEOUT: 504,
  /** Postgres is down, restarting, or every pooled connection stayed busy past the wait (lib/http/db-unavailable.ts). */
  DB_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError("BAD_REQUEST", message, extra);
export const unauthorized = (message = "Unauthorized") => new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "Access denied") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError("CONFLICT", message, extra);
