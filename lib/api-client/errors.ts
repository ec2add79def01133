/** Fields of Error itself, which a server body must not overwrite. */
const RESERVED_FIELDS = new Set(["message", "name", "stack", "cause", "status", "code", "serverMessage"]);

const PUNCH_IN_HINT = /punch in for work/i;

/**
 * A non-OK response (spec §8). The message reads "<status>: <server message>" (the spec's
 * contract), and the parts are properties too: `status`, the server's `code` (e.g. "NOT_FOUND",
 * null when the body had none), `serverMessage`, and every other field of the server's JSON
 * body, so callers read e.g. `activeTask` from a 409 punch-out answer. Read these, never the
 * message text: lib/api-client/friendly-errors.ts maps them for people.
 */
export class ApiError extends Error {
  [field: string]: unknown;
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string;
  declare hasConflict?: boolean;
  declare conflictingTask?: unknown;
  declare requiresPunchIn?: boolean;
  declare fieldErrors?: unknown;

  constructor(status: number, serverMessage: string, fields: Record<string, unknown> = {}) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    for (const [key, value] of Object.entries(fields)) {
      if (!RESERVED_FIELDS.has(key)) this[key] = value;
    }
    this.code = typeof fields.code === "string" ? fields.code : null;
    if (status === 409) this.hasConflict = true;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const { status } = response;
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The spec reads an unreadable 400 as "punch in first".
      return new ApiError(status, fallbackMessage(response), status === 400 ? { requiresPunchIn: true } : {});
    }
    const body = parseJsonObject(text);
    if (body) {
      const message = typeof body.message === "string" && body.message ? body.message : fallbackMessage(response);
      return new ApiError(status, message, body);
    }
    const fields = PUNCH_IN_HINT.test(text) ? { requiresPunchIn: true } : {};
    return new ApiError(status, text.trim() || fallbackMessage(response), fields);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** HTTP/2 responses carry no status text, hence the last resort. */
function fallbackMessage(response: Response): string {
  return response.statusText || "Request failed";
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
