import "server-only";

/**
 * Which push service URLs the app sends to: https only. A plain-http loopback receiver is allowed
 * where PUSH_ALLOW_LOOPBACK=true (the tests' receiver); never set it in production. Loopback,
 * private and link-local addresses behind an https name are refused at send time
 * (webhooks' guardedLookup).
 */
export const loopbackPushAllowed = () => process.env.PUSH_ALLOW_LOOPBACK === "true";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Null when the app may send to this endpoint, else why not (a sentence for a 400). */
export function pushEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint must be the push service's URL";
  }
  if (url.username || url.password) return "endpoint must not hold credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && loopbackPushAllowed() && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return "endpoint must be an https URL";
}
