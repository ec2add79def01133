import "server-only";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { resolveClientAddress, trustProxySetting } from "@/lib/http/trust-proxy";

export interface ClientInfo {
  /** The client's address as TRUST_PROXY allows us to know it (see getClientIp). */
  ip: string;
  userAgent: string | null;
  clientType: "web" | "mobile";
}

/**
 * The socket's peer address, stamped by our HTTP server (scripts/server.ts) on every request
 * (it overwrites anything a client sends under that name); then X-Forwarded-For only as far as
 * TRUST_PROXY trusts the proxies in front (a client-chosen X-Forwarded-For once
 * reset the sign-in lockout and let anyone lock a victim out). "unknown" when the app runs
 * without that server (plain `next start`): the per-account sign-in limit still holds.
 */
export function getClientIp(req: Request): string {
  const peer = req.headers.get(PEER_ADDRESS_HEADER)?.trim();
  if (!peer) return "unknown";
  return resolveClientAddress(peer, req.headers.get("x-forwarded-for"), trustProxySetting()).slice(0, 64);
}

/** Mobile when the body says client: "mobile" or the request carries X-Client-Type: mobile. */
export function getClientInfo(req: Request, body?: { client?: "mobile" | "web" }): ClientInfo {
  const header = req.headers.get("x-client-type")?.trim().toLowerCase();
  return {
    ip: getClientIp(req),
    userAgent: req.headers.get("user-agent")?.slice(0, 512) ?? null,
    clientType: body?.client === "mobile" || header === "mobile" ? "mobile" : "web",
  };
}
