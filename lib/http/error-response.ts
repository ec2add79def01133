import { ZodError } from "zod";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import { AppError } from "./app-error";
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./db-unavailable";
import { logLine } from "./log";
import { describeZodError } from "./parse";

/** Postgres / Prisma failures that are the caller's fault, mapped to a clear 4xx. */
function fromDatabaseError(error: unknown): AppError | null {
  const code = (error as { code?: unknown })?.code;
  if (isUniqueViolation(error)) return new AppError("CONFLICT", "That record already exists");
  // Any delete that reaches a case's records inside the retention period (docs/cases.md "Retention").
  if (isInvariantViolation(error, "case_retention", "BF050")) return new AppError("CONFLICT", "These records are kept for the retention period and cannot be deleted yet");
  if (code === "P2025") return new AppError("NOT_FOUND", "Not found");
  if (code === "P2003" || code === "23503") return new AppError("BAD_REQUEST", "A related record does not exist");
  return null;
}

export function toErrorResponse(error: unknown, where: { method: string; path: string }): Response {
  const appError =
    error instanceof AppError
      ? error
      : error instanceof ZodError
        ? new AppError("BAD_REQUEST", describeZodError(error))
        : fromDatabaseError(error);
  if (appError) {
    return Response.json(
      { message: appError.message, code: appError.code, ...appError.extra },
      { status: appError.status, headers: appError.headers },
    );
  }
  if (isDatabaseUnavailable(error)) {
    // An operator sees the cause in the log; the caller gets a fast 503 it may retry.
    logLine({ level: "warn", ...where, error: "database unavailable", detail: error instanceof Error ? error.message.split("\n").slice(-1)[0].slice(0, 200) : undefined });
    return Response.json(
      { message: DB_UNAVAILABLE_MESSAGE, code: "DB_UNAVAILABLE" },
      { status: 503, headers: { "Retry-After": String(DB_RETRY_AFTER_SECONDS) } },
    );
  }
  logLine({
    level: "error",
    ...where,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack?.split("\n").slice(1, 6).join(" | ") : undefined,
  });
  return Response.json({ message: "Something went wrong", code: "INTERNAL" }, { status: 500 });
}
