import "server-only";
import { redirect } from "next/navigation";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { can, type Permission } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";

/**
 * The server check behind every signed-in page (proxy.ts redirects first; this holds even if
 * the proxy is bypassed or the session ended since the cookie was issued): no caller goes to /.
 */
export async function requireSignedInPage(): Promise<Caller> {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  return caller;
}

/** As requireSignedInPage, and a caller whose role lacks the permission goes to / as well. */
export async function requirePagePermission(permission: Permission): Promise<Caller> {
  const caller = await requireSignedInPage();
  if (!can(caller, permission)) redirect("/");
  return caller;
}
