/**
 * The server's own message of a failed call, for toasts that show it (spec §8: "Login failed"
 * with the server message). ApiError messages read "<status>: <server message>".
 */
export function serverMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  const message =
    typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : "";
  const stripped = message.replace(/^\d{3}:\s*/, "").trim();
  if (!stripped) return fallback;
  // fetch's own wording when the server can't be reached.
  if (/failed to fetch|networkerror/i.test(stripped)) return "Could not reach the server. Check your connection and try again.";
  return stripped;
}

/** Field messages from a 400 body ({ fieldErrors: [{ path, message }] }), keyed by field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const list = typeof error === "object" && error !== null && "fieldErrors" in error ? (error as { fieldErrors: unknown }).fieldErrors : null;
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (item && typeof item.path === "string" && typeof item.message === "string" && !(item.path in out)) out[item.path] = item.message;
  }
  return out;
}
