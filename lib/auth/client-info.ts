import "server-only";

export interface ClientInfo {
  /** x-forwarded-for (first hop), else x-real-ip, else "unknown". Run behind a proxy that sets it. */
  ip: string;
  userAgent: string | null;
  clientType: "web" | "mobile";
}

export function getClientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || req.headers.get("x-real-ip")?.trim();
  return ip ? ip.slice(0, 64) : "unknown";
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
