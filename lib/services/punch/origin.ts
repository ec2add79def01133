import "server-only";
import type { ClientInfo } from "@/lib/auth/client-info";
import type { PunchSource } from "@/lib/generated/prisma/enums";

/** Where a punch or task clock came from, kept on the row for the time card and accountability screens. */
export interface PunchOrigin {
  source: PunchSource;
  location: string;
  userAgent: string | null;
  ip: string;
}

/**
 * The source is what the client says it is; when it says nothing it follows the location the
 * spec's clients send: "desktop" from the header, "mobile" from /mobile-punch, and any other
 * name is a QR post (the printed code carries e.g. location=facility).
 */
export function sourceForLocation(location: string, source?: PunchSource): PunchSource {
  if (source) return source;
  if (location === "desktop") return "desktop";
  if (location === "mobile") return "mobile";
  return "qr";
}

/** The handler passes getClientInfo(req): ip and user agent come from the request, never the body. */
export type RequestClient = Pick<ClientInfo, "ip" | "userAgent">;

export function punchOrigin(client: RequestClient, input: { location: string; source?: PunchSource }): PunchOrigin {
  return {
    source: sourceForLocation(input.location, input.source),
    location: input.location,
    userAgent: client.userAgent,
    ip: client.ip,
  };
}

/** Transactions that wait on a per-user row lock may queue behind a burst; give them room. */
export const PUNCH_TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;
