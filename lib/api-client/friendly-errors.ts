/**
 * The spec's error table (§8) for people: `getFriendlyError` turns any thrown value into a title
 * and advice, and `fieldErrorsOf` reads a 400's messages per field for forms. The table's first
 * rows (a connection that failed) are in ./messages.ts with the fallback and the server-message
 * helpers, which every page's first load carries; code in that first load reaches this table
 * through `friendlyErrorSoon` (./messages.ts).
 */
import { isApiError } from "./errors";
import { CONNECTION_RULES, FALLBACK_ERROR, messageOf, STATUS_PREFIX, type FriendlyError, type FriendlyRule } from "./messages";

interface ErrorFacts {
  /** Lower-cased full message, for matching. */
  text: string;
  status: number | null;
  /** The server's error code (ApiError.code), e.g. "NOT_FOUND". */
  code: string | null;
  /** The server's own message, without the "<status>: " prefix. */
  serverMessage: string;
}

/**
 * The spec's error table (§8), in its order of precedence: the first rule whose server code
 * or status matches, or whose phrase occurs in the message (case-insensitive), wins.
 */
const FRIENDLY_RULES: FriendlyRule[] = [
  ...CONNECTION_RULES,
  { phrases: ["session expired"], title: "Session Expired", advice: "Your session has expired. Please log in again." },
  { phrases: ["unauthorized"], status: 401, codes: ["UNAUTHORIZED"], title: "Access Required", advice: "Please log in to continue." },
  { phrases: ["access denied"], status: 403, codes: ["FORBIDDEN"], title: "Permission Denied", advice: "You don't have permission to do this. Please contact your administrator." },
  { phrases: ["task not found"], status: 404, codes: ["NOT_FOUND"], title: "Not Found", advice: "We couldn't find what you were looking for. Please refresh the page." },
  { phrases: ["task already assigned"], title: "Task Already Assigned" },
  { phrases: ["cannot punch into task"], title: "Unable to Start Work", advice: "Please punch out of your current task first." },
  { phrases: ["already punched in"], title: "Already Punched In" },
  { phrases: ["not punched in"], title: "Not Punched In" },
  { phrases: ["time conflict"], title: "Time Conflict", advice: "This overlaps another time entry. Please review your time entries." },
  { phrases: ["validation failed"], title: "Invalid Information" },
  { phrases: ["required field missing"], title: "Missing Information" },
  { phrases: ["file too large"], title: "File Too Large", advice: "Please choose a smaller file." },
  { phrases: ["server error"], status: 500, codes: ["INTERNAL"], title: "System Error", advice: "The server ran into a problem. Please try again in a moment." },
  // Not a row of the spec: the 503 the server answers while its database is unreachable.
  { phrases: [], codes: ["DB_UNAVAILABLE"], title: "Database Unavailable", advice: "The database is unavailable. Try again in a moment." },
  { phrases: ["database error"], title: "Data Error", advice: "We couldn't load or save your data. Please try again." },
  { phrases: ["maintenance mode"], title: "Maintenance", advice: "The system is under maintenance. Please try again later." },
];

/** An ApiError's status, else the one its "<status>: message" text starts with. */
function statusOf(error: unknown, message: string): number | null {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    return error.status;
  }
  const prefix = STATUS_PREFIX.exec(message);
  return prefix ? Number(prefix[1]) : null;
}

function factsOf(error: unknown): ErrorFacts {
  const message = messageOf(error);
  return {
    text: message.toLowerCase(),
    status: statusOf(error, message),
    code: isApiError(error) ? error.code : null,
    serverMessage: isApiError(error) ? error.serverMessage.trim() : message.replace(STATUS_PREFIX, "").trim(),
  };
}

function matches(rule: FriendlyRule, facts: ErrorFacts): boolean {
  if (facts.code && rule.codes?.includes(facts.code)) return true;
  return rule.status === facts.status || rule.phrases.some((phrase) => facts.text.includes(phrase));
}

/** A title and description fit to show a user, for any thrown value. */
export function getFriendlyError(error: unknown): FriendlyError {
  const facts = factsOf(error);
  const rule = FRIENDLY_RULES.find((candidate) => matches(candidate, facts));
  if (!rule) return FALLBACK_ERROR;
  return { title: rule.title, description: rule.advice ?? (facts.serverMessage || rule.title) };
}

/** Field messages of a 400 body ({ fieldErrors: [{ path, message }] }), the first per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const list = typeof error === "object" && error !== null && "fieldErrors" in error ? (error as { fieldErrors: unknown }).fieldErrors : null;
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (item && typeof item.path === "string" && typeof item.message === "string" && !(item.path in out)) out[item.path] = item.message;
  }
  return out;
}
