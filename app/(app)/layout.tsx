import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { getSessionCaller } from "@/lib/auth/next-auth";
import { isClinicRole } from "@/lib/auth/permissions";
import { asInitialData } from "@/lib/queries/initial-data";
import { getPunchPoll } from "@/lib/services/punch/get-punch-status";

/**
 * Every signed-in page: proxy.ts already redirects signed-out visitors, and this check runs on
 * the server again (a revoked session still carrying a cookie lands here as null). The punch
 * status is read with the API's own service so the header paints in its real state.
 */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const caller = await getSessionCaller();
  if (!caller) redirect("/");
  // A clinic user is not a member (docs/clinics.md): no page of the staff app.
  if (isClinicRole(caller.role)) redirect("/");
  return (
    <AppShell caller={caller} punchStatus={asInitialData(await getPunchPoll(caller))}>
      {children}
    </AppShell>
  );
}
