/**
 * The words of a failure that every page needs at once, even without a connection: the rows of
 * the spec's error table (§8) that mean the server could not be reached, the fallback, and the
 * server's own message for the "<title> with the server message" toasts. The rest of the table
 * is ./friendly-errors.ts: a server that answered can also send that module, so first-load code
 * reaches it through `friendlyErrorSoon` and the pages' first load goes without its words.
 */
import { isApiError } from "./errors";

export interface FriendlyError {
  title: string;
  description: string;
}

export interface FriendlyRule {
  phrases: string[];
  status?: number;
  /** The server's codes (lib/http/app-error.ts) that mean this row. */
  codes?: string[];
  title: string;
  /** Advice shown to the user; omitted where the spec shows the server's message. */
  advice?: string;
}

/** The table's first rows, in its order: no answer from the server. They match on words only. */
export const CONNECTION_RULES: FriendlyRule[] = [
  { phrases: ["network timeout"], title: "Connection Timeout", advice: "The request took too long. Please check your connection and try again." },
  // Chrome says "Failed to fetch"; Firefox words the same failure differently; code fetched on
  // first use (components/ui/offline-safe) fails with "Failed to load chunk".
  { phrases: ["failed to fetch", "networkerror when attempting to fetch", "failed to load chunk"], title: "Connection Lost", advice: "We couldn't reach the server. Please check your internet connection and try again." },
  { phrases: ["err_network"], title: "Network Error", advice: "A network error occurred. Please check your connection and try again." },
];

export const FALLBACK_ERROR: FriendlyError = {
  title: "Something Went Wrong",
  description: "Please try again, or contact support if the problem continues.",
};

export const STATUS_PREFIX = /^(\d{3}):\s*/;

export function messageOf(error: unknown): string {
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

/** The friendly words when the error is a lost or failed connection (no server answer), else null. */
export function connectionErrorOf(error: unknown): FriendlyError | null {
  const text = messageOf(error).toLowerCase();
  const rule = CONNECTION_RULES.find((candidate) => candidate.phrases.some((phrase) => text.includes(phrase)));
  return rule ? { title: rule.title, description: rule.advice ?? rule.title } : null;
}

/**
 * `getFriendlyError` for code in every page's first load: the connection rows at once, the
 * rest of the table when its module has loaded (it comes from the server that just answered;
 * if it cannot, the fallback).
 */
export function friendlyErrorSoon(error: unknown): Promise<FriendlyError> {
  const connection = connectionErrorOf(error);
  if (connection) return Promise.resolve(connection);
  return import("./friendly-errors").then(
    (table) => table.getFriendlyError(error),
    () => FALLBACK_ERROR,
  );
}

const NETWORK_FAILURE = /failed to fetch|networkerror/i;
export const GENERIC_FAILURE = "Something went wrong. Please try again.";

/**
 * The server's own message of a failed call, for the toasts the spec words as "<title> with
 * the server message" (login, registration, punch-out, task save) and for inline errors: an
 * ApiError's `serverMessage`; fetch's own wording when the server could not be reached is
 * replaced by a sentence for people; the fallback when there is nothing to show.
 */
export function serverMessageOf(error: unknown, fallback = GENERIC_FAILURE): string {
  if (isApiError(error)) return error.serverMessage.trim() || fallback;
  const message = messageOf(error).replace(STATUS_PREFIX, "").trim();
  if (!(error instanceof Error) || !message) return fallback;
  if (NETWORK_FAILURE.test(message)) return "Could not reach the server. Check your connection and try again.";
  return message;
}
