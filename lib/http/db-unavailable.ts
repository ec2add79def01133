/**
 * Is this error the database being out of reach (down, restarting, refusing connections, the
 * pool exhausted past its wait, a statement cancelled by the statement timeout) rather than a
 * bug? route() answers those with 503 DB_UNAVAILABLE and Retry-After instead of a 500.
 */
export const DB_UNAVAILABLE_MESSAGE = "The database is unavailable. Try again in a moment.";
export const DB_RETRY_AFTER_SECONDS = 5;

/** Driver adapter error kinds (@prisma/adapter-pg) that mean "cannot talk to Postgres now". */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);
/** Prisma's own codes for the same: can't reach, timed out, closed, pool timeout. */
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** SQLSTATEs: connection exceptions (08xxx), admin/crash shutdown, cannot connect now, too many connections, statement timeout. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300|57014)$/;
/** node-postgres and socket messages that carry no code of their own. */
const UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection error|ECONNREFUSED|ECONNRESET|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)/i;
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE"]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof e.kind === "string") {
    if (UNAVAILABLE_KINDS.has(e.kind)) return true;
    if (e.kind === "postgres" && typeof e.code === "string" && UNAVAILABLE_SQLSTATES.test(e.code)) return true;
  }
  if (typeof e.code === "string") {
    if (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_NODE_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code)) return true;
  }
  // A raw query's failure carries its SQLSTATE in the message ("Code: `57014`").
  if (typeof e.message === "string") {
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
    const sqlstate = /Code: `([0-9A-Z]{5})`/.exec(e.message)?.[1];
    if (sqlstate && UNAVAILABLE_SQLSTATES.test(sqlstate)) return true;
  }
  return isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
