import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { getSessionCaller } from "@/lib/auth/next-auth";

/**
 * Every signed-in page: proxy.ts already redirects signed-out visitors, and this check runs on
 * the server again (a revoked session still carrying a cookie lands here as null).
 */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  return <AppShell caller={caller}>{children}</AppShell>;
}
