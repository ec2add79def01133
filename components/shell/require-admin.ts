import "server-only";
import { redirect } from "next/navigation";
import { getSessionCaller } from "@/lib/auth/next-auth";
import type { Caller } from "@/lib/auth/resolve-caller";

/**
 * The server check behind every admin page (proxy.ts redirects first; this holds even if the
 * proxy is bypassed or the role changed since the cookie was issued): non-admins go to /.
 */
export async function requireAdminPage(): Promise<Caller> {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  if (caller.role !== "admin") redirect("/");
  return caller;
}
